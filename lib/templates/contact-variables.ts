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

const isPlainObject = (value: unknown): value is Variables =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * `values` over `defaults`, merging nested objects key by key: a campaign's `data.issue_title`
 * fills in under a contact whose own `data` has other fields, and a contact's own value wins.
 * An empty string in `values` (a contact with no name) does not hide a default.
 */
export function underlay(defaults: Variables, values: Variables): Variables {
  const merged: Variables = { ...defaults };
  for (const [key, value] of Object.entries(values)) {
    if (key === "__proto__") continue;
    const below = merged[key];
    if (isPlainObject(below) && isPlainObject(value)) merged[key] = underlay(below, value);
    else if (value === "" && below !== undefined && !isPlainObject(below)) continue;
    else merged[key] = value;
  }
  return merged;
}
