import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/event-types";

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/** What each event type means, for the endpoint form's checkboxes. */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "email.delivered": "The receiving mail server accepted the email.",
  "email.bounced": "A hard bounce; the address is suppressed.",
  "email.complained": "The recipient marked the email as spam.",
  "email.opened": "The tracking pixel was loaded.",
  "email.clicked": "A tracked link was followed.",
  "campaign.paused": "Too many bounces or complaints: a campaign paused itself.",
  "automation.paused": "Too many bounces or complaints: an automation paused itself.",
};

export function describeEvents(events: string[]): string {
  if (WEBHOOK_EVENT_TYPES.every((type) => events.includes(type))) return "All events";
  return events.join(", ");
}
