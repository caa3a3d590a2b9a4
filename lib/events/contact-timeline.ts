import type { ServiceContext } from "@/lib/core/context";
import { listEvents } from "./list";

/**
 * A contact's timeline: the events recorded for that contact in the project, newest first,
 * keyset-paged. The cursor is bound to the project and the contact (see listEvents), so a
 * cursor from one contact's timeline is rejected on another's.
 */
export async function listContactTimeline(
  ctx: ServiceContext,
  contactId: string,
  page: { limit?: number; cursor?: string },
) {
  return listEvents(ctx, { limit: page.limit, cursor: page.cursor, contactId });
}
