/** The outbound webhook event types (SPEC "Outbound webhook deliveries"). */
export const WEBHOOK_EVENT_TYPES = [
  "email.delivered",
  "email.bounced",
  "email.complained",
  "email.opened",
  "email.clicked",
  // The deliverability circuit breaker paused a sending campaign or a live automation.
  "campaign.paused",
  "automation.paused",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
