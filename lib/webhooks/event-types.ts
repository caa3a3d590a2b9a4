/**
 * The outbound webhook event types (SPEC "Outbound webhook deliveries", DECISIONS §15), in the
 * order lists of them are stored and shown. An endpoint created without `events` receives every
 * type, those added here later included (`all_events`).
 */
export const WEBHOOK_EVENT_TYPES = [
  // An email's delivery: handed to the relay, then its outcome.
  "email.sent",
  "email.delivered",
  "email.delivery_delayed",
  "email.bounced",
  "email.complained",
  "email.failed",
  "email.opened",
  "email.clicked",
  // A message came in for an address at a receiving domain (DECISIONS §16).
  "email.received",
  "contact.created",
  "contact.updated",
  "contact.deleted",
  "contact.unsubscribed",
  "suppression.created",
  "suppression.deleted",
  // The deliverability circuit breaker paused a sending campaign or a live automation.
  "campaign.paused",
  "automation.paused",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
