import { z } from "zod";
import { PauseResponse } from "@/lib/breaker/serialize";
import { ContactResponse } from "@/lib/contacts/serialize";
import { Timestamp } from "@/lib/core/serialize";
import { SuppressionResponse } from "@/lib/suppressions/serialize";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/event-types";

/**
 * What each webhook event carries, for the OpenAPI document's `webhooks` (one entry per type)
 * and for the tests, which parse every payload they receive with these (strict) schemas.
 */

const EmailTags = z.array(z.strictObject({ name: z.string(), value: z.string() }));

const EmailEventData = z.strictObject({
  id: z.string().meta({ description: "The email's id.", example: "em_3kTQ9mWcY2hX8pLr" }),
  to: z.string().meta({ description: "The recipient.", example: "ada@example.com" }),
  subject: z.string(),
  tags: EmailTags.meta({ description: "The email's tags ([] when it has none)." }),
});

const EmailReasonData = EmailEventData.extend({
  reason: z.string().meta({
    description:
      "`hard_bounce`, `complaint`; for `email.failed`: `rejected` (the relay refused it), `retries_exhausted`, or the provider's (`provider_failed`, `provider_dropped`…).",
  }),
});

const EmailReceivedData = z.strictObject({
  id: z.string().meta({ description: "The received email's id.", example: "re_3kTQ9mWcY2hX8pLr" }),
  from: z.string().meta({ description: "The From header.", example: "Ada <ada@example.com>" }),
  to: z.array(z.string()).meta({ description: "The To header's addresses." }),
  subject: z.string(),
});

const ContactUnsubscribedData = z.strictObject({
  id: z.string().meta({ description: "The contact's id." }),
  email: z.string(),
  topic_id: z
    .string()
    .nullable()
    .meta({ description: "null: unsubscribed from all campaign and automation mail." }),
});

const SuppressionData = SuppressionResponse.pick({ email: true, reason: true });

const PausedData = PauseResponse.extend({
  id: z.string().meta({ description: "The campaign's or automation's id." }),
  name: z.string(),
  paused_at: Timestamp,
});

/** DECISIONS §14: whether a machine (a proxy's prefetch, a link scanner) made it. */
const Machine = z.boolean().meta({ description: "A machine's open or click, not a person's." });

type EventDoc = { summary: string; description: string; data: z.ZodType };

export const WEBHOOK_EVENT_DOCS: Record<WebhookEventType, EventDoc> = {
  "email.sent": {
    summary: "The relay took the email",
    description:
      "The SMTP relay answered 2xx (then `email.delivered` fires too), or Resend accepted it (its report of delivery comes later).",
    data: EmailEventData,
  },
  "email.delivered": {
    summary: "The email was delivered",
    description: "The receiving server (or Resend) accepted the message.",
    data: EmailEventData,
  },
  "email.delivery_delayed": {
    summary: "Delivery was delayed",
    description:
      "A temporary failure (an SMTP 4xx, the relay unreachable, a provider's deferral); delivery is tried again.",
    data: EmailEventData,
  },
  "email.bounced": {
    summary: "The email bounced",
    description: "A hard bounce; the address is suppressed.",
    data: EmailReasonData,
  },
  "email.complained": {
    summary: "The recipient complained",
    description: "The recipient marked it as spam; the address is suppressed.",
    data: EmailReasonData,
  },
  "email.failed": {
    summary: "The email failed",
    description:
      "Not delivered and not a bounce, and not retried: the relay refused it, temporary failures used up their retries, or a provider reported a failure.",
    data: EmailReasonData,
  },
  "email.opened": {
    summary: "The email was opened",
    description: "The tracking pixel was loaded (each load).",
    data: EmailEventData.extend({ machine: Machine }),
  },
  "email.clicked": {
    summary: "A link was clicked",
    description: "A tracked link was followed (each click).",
    data: EmailEventData.extend({
      url: z.string().meta({ description: "The link's target." }),
      machine: Machine,
    }),
  },
  "email.received": {
    summary: "An email was received",
    description:
      "A message came in for an address at a receiving domain (DECISIONS §16). Read the rest (body, headers, attachments) with `GET /v1/received-emails/{id}`.",
    data: EmailReceivedData,
  },
  "contact.created": {
    summary: "A contact was created",
    description: "By the API, the dashboard or an import. `data` is the contact.",
    data: ContactResponse,
  },
  "contact.updated": {
    summary: "A contact changed",
    description:
      "A stored field (`email`, `name`, `subscribed`, `source`, `data`) changed, by any path; a write that changes nothing fires nothing. `data` is the contact after the change.",
    data: ContactResponse,
  },
  "contact.deleted": {
    summary: "A contact was deleted",
    description: "`data` is the contact as it was.",
    data: ContactResponse,
  },
  "contact.unsubscribed": {
    summary: "A contact unsubscribed",
    description:
      "`subscribed` went from true to false, by any path (the unsubscribe link, the API, the dashboard, an automation step, an import); `contact.updated` fires too.",
    data: ContactUnsubscribedData,
  },
  "suppression.created": {
    summary: "An address was suppressed",
    description: "Added by the API, the dashboard, a hard bounce or a complaint.",
    data: SuppressionData,
  },
  "suppression.deleted": {
    summary: "An address was unsuppressed",
    description: "Removed from the suppression list; `reason` is the one it had.",
    data: SuppressionData,
  },
  "campaign.paused": {
    summary: "A campaign paused itself",
    description: "The deliverability circuit breaker paused a sending campaign.",
    data: PausedData,
  },
  "automation.paused": {
    summary: "An automation paused itself",
    description: "The deliverability circuit breaker paused a live automation.",
    data: PausedData,
  },
};

/** The envelope of one type: `{type, created_at, data}`. */
export function webhookEnvelope(type: WebhookEventType) {
  return z.strictObject({
    type: z.literal(type),
    created_at: Timestamp,
    data: WEBHOOK_EVENT_DOCS[type].data,
  });
}

/** Every envelope, built once: the document names each as a component schema. */
export const WEBHOOK_ENVELOPES = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [type, webhookEnvelope(type)]),
) as Record<WebhookEventType, ReturnType<typeof webhookEnvelope>>;
