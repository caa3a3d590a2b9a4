import { z } from "zod";
import type { ProviderEventItem } from "./record";
import { enhancedStatusIn } from "./smtp-status";

/**
 * Amazon SES events as SNS carries them in `Message`, in both documented shapes: identity
 * notifications (`notificationType`: Bounce, Complaint, Delivery) and event publishing
 * (`eventType`: also DeliveryDelay, Send, Open…). The body of each kind is the same object.
 */
const Recipient = z.looseObject({
  emailAddress: z.string(),
  status: z.string().optional(),
  diagnosticCode: z.string().optional(),
  action: z.string().optional(),
});

const SesEvent = z.looseObject({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  mail: z
    .looseObject({
      messageId: z.string().optional(),
      headers: z.array(z.looseObject({ name: z.string(), value: z.string() })).optional(),
      commonHeaders: z.looseObject({ messageId: z.string().optional() }).optional(),
    })
    .optional(),
  bounce: z
    .looseObject({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(Recipient).default([]),
      reportingMTA: z.string().optional(),
      remoteMtaIp: z.string().optional(),
    })
    .optional(),
  complaint: z
    .looseObject({
      complainedRecipients: z.array(z.looseObject({ emailAddress: z.string() })).default([]),
      complaintFeedbackType: z.string().optional(),
      complaintSubType: z.string().nullish(),
      userAgent: z.string().optional(),
    })
    .optional(),
  delivery: z
    .looseObject({
      recipients: z.array(z.string()).default([]),
      smtpResponse: z.string().optional(),
      reportingMTA: z.string().optional(),
    })
    .optional(),
  deliveryDelay: z
    .looseObject({
      delayType: z.string().optional(),
      delayedRecipients: z.array(Recipient).default([]),
      reportingMTA: z.string().optional(),
      expirationTime: z.string().optional(),
    })
    .optional(),
});
export type SesEvent = z.infer<typeof SesEvent>;

export type SesMapping =
  | { kind: "ignored"; reason: string }
  | { kind: "malformed"; reason: string }
  | { kind: "events"; messageIds: string[]; items: ProviderEventItem[] };

/** Our Message-ID as SES echoes it: `mail.commonHeaders.messageId` and the original headers. */
function messageIdsOf(event: SesEvent): string[] {
  const fromHeaders = (event.mail?.headers ?? [])
    .filter((header) => header.name.toLowerCase() === "message-id")
    .map((header) => header.value);
  const common = event.mail?.commonHeaders?.messageId;
  return [...new Set([...(common ? [common] : []), ...fromHeaders])];
}

const optional = (key: string, value: string | null | undefined) => (value ? { [key]: value } : {});

function bounceItems(bounce: NonNullable<SesEvent["bounce"]>): ProviderEventItem[] {
  // Permanent is a hard bounce; Transient and Undetermined are recorded, not suppressed.
  const hard = bounce.bounceType === "Permanent";
  const recipients = bounce.bouncedRecipients.length
    ? bounce.bouncedRecipients
    : [{ emailAddress: "" } as z.infer<typeof Recipient>];
  return recipients.map((recipient) => {
    const details = {
      bounce_type: bounce.bounceType,
      ...optional("bounce_subtype", bounce.bounceSubType),
      ...optional("status", recipient.status ?? enhancedStatusIn(recipient.diagnosticCode)),
      ...optional("diagnostic", recipient.diagnosticCode),
      ...optional("reporting_mta", bounce.reportingMTA),
      ...optional("remote_mta_ip", bounce.remoteMtaIp),
    };
    return hard
      ? {
          type: "bounced" as const,
          recipient: recipient.emailAddress || null,
          data: { reason: "hard_bounce", ...details },
        }
      : {
          type: "deferred" as const,
          recipient: recipient.emailAddress || null,
          data: { reason: "soft_bounce", soft_bounce: true, ...details },
        };
  });
}

function delayItems(delay: NonNullable<SesEvent["deliveryDelay"]>): ProviderEventItem[] {
  const recipients = delay.delayedRecipients.length
    ? delay.delayedRecipients
    : [{ emailAddress: "" } as z.infer<typeof Recipient>];
  return recipients.map((recipient) => ({
    type: "deferred",
    recipient: recipient.emailAddress || null,
    data: {
      reason: "delivery_delayed",
      ...optional("delay_type", delay.delayType),
      ...optional("status", recipient.status),
      ...optional("diagnostic", recipient.diagnosticCode),
      ...optional("reporting_mta", delay.reportingMTA),
      ...optional("expires_at", delay.expirationTime),
    },
  }));
}

/** Maps the parsed `Message` of an SES notification onto email events. */
export function mapSesEvent(message: unknown): SesMapping {
  const parsed = SesEvent.safeParse(message);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: "malformed", reason: `${issue?.path.join(".")}: ${issue?.message}` };
  }
  const event = parsed.data;
  const kind = event.eventType ?? event.notificationType;
  const body = (name: string) => ({ kind: "malformed" as const, reason: `${name} is missing` });
  let items: ProviderEventItem[];
  switch (kind) {
    case "Bounce":
      if (!event.bounce) return body("bounce");
      items = bounceItems(event.bounce);
      break;
    case "Complaint": {
      if (!event.complaint) return body("complaint");
      const { complaint } = event;
      const data = {
        reason: "complaint",
        ...optional("feedback_type", complaint.complaintFeedbackType),
        ...optional("complaint_subtype", complaint.complaintSubType),
        ...optional("user_agent", complaint.userAgent),
      };
      const recipients = complaint.complainedRecipients.map((r) => r.emailAddress);
      items = (recipients.length ? recipients : [null]).map((recipient) => ({
        type: "complained",
        recipient,
        data,
      }));
      break;
    }
    case "Delivery": {
      if (!event.delivery) return body("delivery");
      const { delivery } = event;
      const data = {
        ...optional("smtp_response", delivery.smtpResponse),
        ...optional("reporting_mta", delivery.reportingMTA),
      };
      items = (delivery.recipients.length ? delivery.recipients : [null]).map((recipient) => ({
        type: "delivered",
        recipient,
        data,
      }));
      break;
    }
    case "DeliveryDelay":
      if (!event.deliveryDelay) return body("deliveryDelay");
      items = delayItems(event.deliveryDelay);
      break;
    default:
      // Send, Reject, Open, Click, Rendering Failure, Subscription, and the test notification
      // SES sends when a topic is set (AmazonSnsSubscriptionSucceeded): nothing to record.
      return { kind: "ignored", reason: `SES event type ${kind ?? "(none)"} is not tracked` };
  }
  const messageIds = messageIdsOf(event);
  if (messageIds.length === 0) return { kind: "ignored", reason: "no Message-ID in mail" };
  const sesEvent = kind;
  return {
    kind: "events",
    messageIds,
    items: items.map((item) => ({
      ...item,
      data: {
        ...item.data,
        provider_event: sesEvent,
        ...optional("provider_message_id", event.mail?.messageId),
      },
    })),
  };
}
