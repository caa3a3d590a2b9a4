/** The outbound webhook event types (SPEC "Outbound webhook deliveries"). */
export const WEBHOOK_EVENT_TYPES = [
  "email.delivered",
  "email.bounced",
  "email.complained",
  "email.opened",
  "email.clicked",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
