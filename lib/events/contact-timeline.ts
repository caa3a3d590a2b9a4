import { and, desc, eq } from "drizzle-orm";
import { events, type RecordedEvent } from "@/db/schema";
import type { ServiceContext } from "../context";
import { beforeCursor, decodeCursor, PageQuery, toPage } from "../pagination";
import { iso } from "../serialize";
import { parseInput } from "../validation";

export function serializeTimelineEvent(event: RecordedEvent) {
  return {
    id: event.id,
    name: event.name,
    contact_id: event.contactId,
    data: event.data,
    created_at: iso(event.createdAt),
  };
}
export type TimelineEvent = ReturnType<typeof serializeTimelineEvent>;

/**
 * The events recorded for one contact of the project, newest first, keyset-paged. The cursor
 * is bound to the project and the contact, so it cannot page through another contact's events.
 */
export async function listContactTimeline(ctx: ServiceContext, contactId: string, query: unknown) {
  const { limit, cursor } = parseInput(PageQuery, query);
  const scope = `${ctx.projectId}:contact-events:${contactId}`;
  const rows = await ctx.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.projectId, ctx.projectId),
        eq(events.contactId, contactId),
        beforeCursor(events.createdAt, events.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeTimelineEvent);
}
