import { z } from "zod";
import type { RecordedEvent } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";

/** The API's Event resource (DECISIONS §4). */
export const EventResponse = z.strictObject({
  id: z.string().meta({ example: "evt_2RbN8kLq5WmZ7cXj" }),
  name: z.string().meta({ example: "user.signed_up" }),
  contact_id: z.string().nullable(),
  created_at: Timestamp,
});
export type EventResource = z.infer<typeof EventResponse>;

export function serializeEvent(event: RecordedEvent): EventResource {
  return {
    id: event.id,
    name: event.name,
    contact_id: event.contactId,
    created_at: iso(event.createdAt),
  };
}

/** For timelines and the dashboard: the resource plus what was posted with it. */
export function serializeEventWithData(event: RecordedEvent) {
  return { ...serializeEvent(event), email: event.email, data: event.data };
}
