import type { RecordedEvent } from "@/db/schema";
import { iso } from "../serialize";

/** The API's Event resource (DECISIONS §4). */
export function serializeEvent(event: RecordedEvent) {
  return {
    id: event.id,
    name: event.name,
    contact_id: event.contactId,
    created_at: iso(event.createdAt),
  };
}
export type EventResource = ReturnType<typeof serializeEvent>;

/** For timelines and the dashboard: the resource plus what was posted with it. */
export function serializeEventWithData(event: RecordedEvent) {
  return { ...serializeEvent(event), email: event.email, data: event.data };
}
