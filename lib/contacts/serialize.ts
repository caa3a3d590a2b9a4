import type { Contact } from "@/db/schema";
import { iso } from "../serialize";

export function serializeContact(contact: Contact) {
  return {
    id: contact.id,
    email: contact.email,
    name: contact.name,
    subscribed: contact.subscribed,
    source: contact.source,
    data: contact.data,
    created_at: iso(contact.createdAt),
    updated_at: iso(contact.updatedAt),
  };
}
export type ContactResource = ReturnType<typeof serializeContact>;
