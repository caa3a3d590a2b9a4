import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/event-types";

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/** What each event type means, for the endpoint form's checkboxes. */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "email.sent": "The relay (your SMTP server or Resend) took the email.",
  "email.delivered": "The receiving mail server accepted the email.",
  "email.delivery_delayed": "A temporary failure; delivery will be tried again.",
  "email.bounced": "A hard bounce; the address is suppressed.",
  "email.complained": "The recipient marked the email as spam.",
  "email.failed": "The email could not be sent and will not be retried.",
  "email.opened": "The tracking pixel was loaded.",
  "email.clicked": "A tracked link was followed.",
  "contact.created": "A contact was added (API, dashboard, import).",
  "contact.updated": "A contact's email, name, subscription, source or data changed.",
  "contact.deleted": "A contact was deleted.",
  "contact.unsubscribed": "A contact unsubscribed (link, API, dashboard or automation).",
  "suppression.created": "An address was added to the suppression list.",
  "suppression.deleted": "An address was removed from the suppression list.",
  "campaign.paused": "Too many bounces or complaints: a campaign paused itself.",
  "automation.paused": "Too many bounces or complaints: an automation paused itself.",
};

export function describeEvents(events: string[]): string {
  if (WEBHOOK_EVENT_TYPES.every((type) => events.includes(type))) return "All events";
  return events.join(", ");
}
