import { z } from "zod";
import type { ProviderEventItem } from "./record";
import { enhancedStatusIn } from "./smtp-status";

/**
 * Postmark webhooks (Bounce, SpamComplaint, Delivery). Postmark does not echo our Message-ID, so
 * outgoing mail carries our email id as metadata (`X-PM-Metadata-mailwright-id`), which Postmark
 * returns in `Metadata`.
 */
export const POSTMARK_METADATA_KEY = "mailwright-id";

const PostmarkPayload = z.looseObject({
  RecordType: z.string({ error: "must be a string" }),
  ID: z.union([z.number(), z.string()]).optional(),
  Type: z.string().optional(),
  TypeCode: z.number().optional(),
  MessageID: z.string().optional(),
  Email: z.string().optional(),
  Recipient: z.string().optional(),
  Description: z.string().optional(),
  Details: z.string().optional(),
  Inactive: z.boolean().optional(),
  DeliveredAt: z.string().optional(),
  BouncedAt: z.string().optional(),
  Metadata: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * Postmark's bounce types (its Bounce API reference). Hard: the address does not exist or
 * cannot receive mail. Not bounces at all (auto-replies, subscription requests, address
 * changes, open-relay tests, inbound errors): ignored. Everything else (Transient, SoftBounce,
 * DnsError, SpamNotification, Blocked, Unknown, DMARCPolicy…) is recorded on the timeline.
 */
const HARD_TYPES: ReadonlySet<string> = new Set(["HardBounce", "BadEmailAddress"]);
const NOT_BOUNCES: ReadonlySet<string> = new Set([
  "AutoResponder",
  "Subscribe",
  "Unsubscribe",
  "AddressChange",
  "OpenRelayTest",
  "InboundError",
  "TemplateRenderingFailed",
]);

export type PostmarkMapping =
  | { kind: "ignored"; reason: string }
  | { kind: "events"; emailId: string | null; eventId: string; items: ProviderEventItem[] };

const optional = (key: string, value: string | number | boolean | null | undefined) =>
  value !== undefined && value !== null && value !== "" ? { [key]: value } : {};

export function mapPostmarkEvent(payload: z.infer<typeof PostmarkPayload>): PostmarkMapping {
  const metadata = payload.Metadata?.[POSTMARK_METADATA_KEY];
  const emailId = typeof metadata === "string" && metadata ? metadata : null;
  const details = {
    provider_event: payload.RecordType,
    ...optional("provider_message_id", payload.MessageID),
  };
  switch (payload.RecordType) {
    case "Delivery":
      return {
        kind: "events",
        emailId,
        // Deliveries carry no ID: the message and the recipient name one delivery.
        eventId: `Delivery:${payload.MessageID ?? ""}:${payload.Recipient ?? ""}`,
        items: [
          {
            type: "delivered",
            recipient: payload.Recipient ?? null,
            data: { ...details, ...optional("smtp_response", payload.Details) },
          },
        ],
      };
    case "SpamComplaint":
      return {
        kind: "events",
        emailId,
        eventId: `SpamComplaint:${payload.ID ?? payload.MessageID ?? ""}`,
        items: [
          {
            type: "complained",
            recipient: payload.Email ?? null,
            data: { reason: "complaint", feedback_type: "abuse", ...details },
          },
        ],
      };
    case "Bounce": {
      const type = payload.Type ?? "Unknown";
      if (NOT_BOUNCES.has(type)) return { kind: "ignored", reason: `${type} is not a bounce` };
      const report = {
        ...details,
        bounce_type: type,
        ...optional("status", enhancedStatusIn(payload.Details)),
        ...optional("diagnostic", payload.Details || payload.Description),
        ...optional("inactive", payload.Inactive),
      };
      const hard = HARD_TYPES.has(type);
      return {
        kind: "events",
        emailId,
        eventId: `Bounce:${payload.ID ?? payload.MessageID ?? ""}`,
        items: [
          hard
            ? {
                type: "bounced",
                recipient: payload.Email ?? null,
                data: { reason: "hard_bounce", ...report },
              }
            : {
                type: "deferred",
                recipient: payload.Email ?? null,
                data: { reason: "soft_bounce", soft_bounce: true, ...report },
              },
        ],
      };
    }
    default:
      // Open, Click, SubscriptionChange: our own tracking and unsubscribe pages cover these.
      return { kind: "ignored", reason: `RecordType ${payload.RecordType} is not tracked` };
  }
}

export { PostmarkPayload };
