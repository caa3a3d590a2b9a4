import { z } from "zod";
import type { ProviderReport, ProviderEventItem } from "./record";
import { enhancedStatusIn } from "./smtp-status";

/** A SendGrid Event Webhook body: an array of events, each naming its message by smtp-id. */
export const SendgridPayload = z.array(
  z.looseObject({
    event: z.string(),
    email: z.string().optional(),
    "smtp-id": z.string().optional(),
    sg_event_id: z.string().optional(),
    sg_message_id: z.string().optional(),
    type: z.string().optional(),
    reason: z.string().optional(),
    status: z.string().optional(),
    response: z.string().optional(),
    attempt: z.union([z.string(), z.number()]).optional(),
    bounce_classification: z.string().optional(),
  }),
  { error: "must be an array of events" },
);
type SendgridEvent = z.infer<typeof SendgridPayload>[number];

const optional = (key: string, value: string | number | null | undefined) =>
  value !== undefined && value !== null && value !== "" ? { [key]: value } : {};

function itemOf(event: SendgridEvent): ProviderEventItem | null {
  const recipient = event.email ?? null;
  switch (event.event) {
    case "delivered":
      return { type: "delivered", recipient, data: optional("smtp_response", event.response) };
    case "bounce": {
      const report = {
        ...optional("bounce_type", event.type),
        ...optional("bounce_classification", event.bounce_classification),
        ...optional("status", event.status ?? enhancedStatusIn(event.reason)),
        ...optional("diagnostic", event.reason),
      };
      // SendGrid: a bounce is permanent; "blocked" is the receiving server refusing this message
      // for now (reputation, content) and goes to SendGrid's block list, not its bounce list.
      return event.type === "blocked"
        ? {
            type: "deferred",
            recipient,
            data: { reason: "soft_bounce", soft_bounce: true, ...report },
          }
        : { type: "bounced", recipient, data: { reason: "hard_bounce", ...report } };
    }
    case "dropped":
      // Not sent at all (the address is on a SendGrid suppression list, invalid…).
      return {
        type: "failed",
        recipient,
        data: { reason: "provider_dropped", ...optional("diagnostic", event.reason) },
      };
    case "deferred":
      return {
        type: "deferred",
        recipient,
        data: {
          reason: "delivery_delayed",
          ...optional("status", enhancedStatusIn(event.response)),
          ...optional("diagnostic", event.response),
          ...optional("attempt", event.attempt),
        },
      };
    case "spamreport":
      return {
        type: "complained",
        recipient,
        data: { reason: "complaint", feedback_type: "abuse" },
      };
    default:
      // processed, open, click, unsubscribe, group_*: our own tracking covers these.
      return null;
  }
}

/** The reports in a SendGrid batch; events we do not track or cannot place are left out. */
export function mapSendgridEvents(events: SendgridEvent[]): ProviderReport[] {
  return events.flatMap((event) => {
    const item = itemOf(event);
    const messageId = event["smtp-id"];
    if (!item || !messageId || !event.sg_event_id) return [];
    return [
      {
        ref: { messageIds: [messageId] },
        eventId: event.sg_event_id,
        items: [
          {
            ...item,
            data: {
              ...item.data,
              provider_event: event.event,
              ...optional("provider_message_id", event.sg_message_id),
            },
          },
        ],
      },
    ];
  });
}
