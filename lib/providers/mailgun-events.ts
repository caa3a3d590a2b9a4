import { z } from "zod";
import type { ProviderEventItem } from "./record";
import { enhancedStatusIn } from "./smtp-status";

/** The signature Mailgun puts in the body, read (and checked) before the event itself. */
export const MailgunSigned = z.looseObject({
  signature: z.looseObject({
    timestamp: z.union([z.string(), z.number()]).transform(String),
    token: z.string().min(1).max(256),
    signature: z.string().min(1).max(256),
  }),
});

/** A Mailgun webhook body: the signature beside the event, which names our Message-ID. */
export const MailgunPayload = z.looseObject({
  "event-data": z.looseObject({
    event: z.string(),
    id: z.string().min(1),
    severity: z.string().optional(),
    reason: z.string().nullish(),
    recipient: z.string().optional(),
    "delivery-status": z
      .looseObject({
        code: z.union([z.number(), z.string()]).nullish(),
        "enhanced-code": z.string().nullish(),
        message: z.string().nullish(),
        description: z.string().nullish(),
        "mx-host": z.string().nullish(),
      })
      .optional(),
    message: z
      .looseObject({
        headers: z.looseObject({ "message-id": z.string().optional() }).optional(),
      })
      .optional(),
  }),
});
type MailgunEventData = z.infer<typeof MailgunPayload>["event-data"];

export type MailgunMapping =
  | { kind: "ignored"; reason: string }
  | { kind: "events"; messageId: string; eventId: string; items: ProviderEventItem[] };

const optional = (key: string, value: string | number | null | undefined) =>
  value !== undefined && value !== null && value !== "" ? { [key]: value } : {};

/**
 * Permanent failures where Mailgun did not try the address because of its own suppression lists
 * (unsubscribed, complained), or gave up retrying a temporary problem (`old`): the email failed,
 * but nothing says the address does not exist.
 */
const NOT_AN_ADDRESS_FAILURE: ReadonlySet<string> = new Set([
  "suppress-unsubscribe",
  "suppress-complaint",
  "old",
]);

function statusReport(data: MailgunEventData) {
  const status = data["delivery-status"];
  const diagnostic = status?.message || status?.description;
  return {
    ...optional("status", status?.["enhanced-code"] ?? enhancedStatusIn(diagnostic)),
    ...optional("smtp_code", status?.code ?? undefined),
    ...optional("diagnostic", diagnostic),
    ...optional("remote_mta", status?.["mx-host"]),
  };
}

function failedItem(data: MailgunEventData): ProviderEventItem {
  const recipient = data.recipient ?? null;
  const report = { ...statusReport(data), ...optional("provider_reason", data.reason) };
  if (data.severity === "temporary") {
    return {
      type: "deferred",
      recipient,
      data: { reason: "soft_bounce", soft_bounce: true, ...report },
    };
  }
  if (data.reason && NOT_AN_ADDRESS_FAILURE.has(data.reason)) {
    return { type: "failed", recipient, data: { reason: "provider_dropped", ...report } };
  }
  return { type: "bounced", recipient, data: { reason: "hard_bounce", ...report } };
}

/** Maps Mailgun's `event-data` onto email events (failed, complained, delivered). */
export function mapMailgunEvent(data: MailgunEventData): MailgunMapping {
  let item: ProviderEventItem;
  switch (data.event) {
    case "failed":
      item = failedItem(data);
      break;
    case "complained":
      item = {
        type: "complained",
        recipient: data.recipient ?? null,
        data: { reason: "complaint", feedback_type: "abuse" },
      };
      break;
    case "delivered":
      item = { type: "delivered", recipient: data.recipient ?? null, data: statusReport(data) };
      break;
    default:
      // accepted, opened, clicked, unsubscribed, stored: our own tracking covers these.
      return { kind: "ignored", reason: `Mailgun event ${data.event} is not tracked` };
  }
  const messageId = data.message?.headers?.["message-id"];
  if (!messageId) return { kind: "ignored", reason: "no message-id header" };
  return {
    kind: "events",
    messageId,
    eventId: data.id,
    items: [{ ...item, data: { ...item.data, provider_event: data.event } }],
  };
}
