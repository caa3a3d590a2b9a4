import type { Contact } from "@/db/schema";
import type { Variables } from "./variables";

/**
 * What a template sent to a contact (automation, campaign) can use: `{{email}}`, `{{name}}`,
 * `{{first_name}}`, custom fields both as `{{data.plan}}` and `{{plan}}`, the triggering event's
 * data as `{{event.amount}}`, and whatever the sender adds (`{{unsubscribe_url}}`). Built-in
 * fields win over custom fields of the same name.
 */
export function contactVariables(
  contact: Pick<Contact, "email" | "name" | "subscribed" | "source" | "data">,
  event: Record<string, unknown> = {},
  extra: Variables = {},
): Variables {
  return {
    ...contact.data,
    email: contact.email,
    name: contact.name ?? "",
    first_name: contact.name?.trim().split(/\s+/)[0] ?? "",
    subscribed: contact.subscribed,
    source: contact.source,
    data: contact.data,
    event,
    ...extra,
  };
}
