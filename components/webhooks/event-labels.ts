import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/event-types";

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };

/** What each event type means, for the endpoint form's checkboxes (one line each). */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "email.sent": "The relay (your SMTP server or Resend) took the email.",
  "email.delivered": "The receiving mail server accepted the email.",
  "email.delivery_delayed": "A temporary failure; delivery will be tried again.",
  "email.bounced": "A hard bounce; the address is suppressed.",
  "email.complained": "The recipient marked the email as spam.",
  "email.failed": "The email could not be sent and will not be retried.",
  "email.opened": "The tracking pixel was loaded.",
  "email.clicked": "A tracked link was followed.",
  "email.received": "A message arrived at a receiving domain (Received).",
  "contact.created": "A contact was added (API, dashboard, import).",
  "contact.updated": "A contact's email, name, subscription, source or data changed.",
  "contact.deleted": "A contact was deleted.",
  "contact.unsubscribed": "A contact unsubscribed (link, API, dashboard or automation).",
  "suppression.created": "An address was added to the suppression list.",
  "suppression.deleted": "An address was removed from the suppression list.",
  "campaign.paused": "Too many bounces or complaints: a campaign paused itself.",
  "automation.paused": "Too many bounces or complaints: an automation paused itself.",
};

const GROUP_OF: Record<WebhookEventType, string> = {
  "email.sent": "Email",
  "email.delivered": "Email",
  "email.delivery_delayed": "Email",
  "email.bounced": "Email",
  "email.complained": "Email",
  "email.failed": "Email",
  "email.opened": "Email",
  "email.clicked": "Email",
  "email.received": "Received email",
  "contact.created": "Contacts",
  "contact.updated": "Contacts",
  "contact.deleted": "Contacts",
  "contact.unsubscribed": "Contacts",
  "suppression.created": "Suppressions",
  "suppression.deleted": "Suppressions",
  "campaign.paused": "Campaigns & automations",
  "automation.paused": "Campaigns & automations",
};

/** The types by group, in the order of WEBHOOK_EVENT_TYPES (a new type must name its group). */
export const EVENT_GROUPS: { label: string; types: WebhookEventType[] }[] = [
  ...new Set(Object.values(GROUP_OF)),
].map((label) => ({ label, types: WEBHOOK_EVENT_TYPES.filter((t) => GROUP_OF[t] === label) }));

/** An endpoint's subscription in a few words: "All events" only for an all-events endpoint. */
export function describeEvents(endpoint: { events: string[]; all_events: boolean }): string {
  return endpoint.all_events ? "All events" : endpoint.events.join(", ");
}
