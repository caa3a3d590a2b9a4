import { z } from "zod";
import type { Contact } from "@/db/schema";
import { iso, JsonObjectResponse, Timestamp } from "@/lib/core/serialize";

/** The Contact resource; the serializer is typed by it, so the documented shape cannot drift. */
export const ContactResponse = z.strictObject({
  id: z.string().meta({ example: "ct_3kTQ9mWcY2hX8pLr" }),
  email: z.string().meta({ example: "ana@example.com" }),
  name: z.string().nullable(),
  subscribed: z.boolean(),
  source: z.string().meta({ example: "api" }),
  data: JsonObjectResponse.meta({ example: { plan: "pro" } }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ContactResource = z.infer<typeof ContactResponse>;

export function serializeContact(contact: Contact): ContactResource {
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
