import { and, eq, type SQL } from "drizzle-orm";
import { events } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { ListEventsQuery } from "./schemas";
import { serializeEventWithData } from "./serialize";

/**
 * Recorded events, newest first, optionally of one contact, one event name or one address
 * (attributed or not: events of unknown emails keep their address). Not an API endpoint (SPEC
 * has no GET /v1/events); used by the dashboard's events log and contact timelines. Each filter
 * has its own (project, …, created_at, id) index.
 */
export async function listEvents(ctx: ServiceContext, query: ListEventsQuery) {
  const { limit, cursor, contactId, name, email } = parseInput(ListEventsQuery, query);
  // The filters are part of the scope so a cursor of one list fails on another's.
  const scope = [ctx.projectId, "events", contactId ?? "*", name ?? "*", email ?? "*"].join(":");
  const filters: (SQL | undefined)[] = [
    eq(events.projectId, ctx.projectId),
    contactId !== undefined ? eq(events.contactId, contactId) : undefined,
    name !== undefined ? eq(events.name, name) : undefined,
    email !== undefined ? eq(events.email, email) : undefined,
    beforeCursor(events.createdAt, events.id, decodeCursor(scope, cursor)),
  ];
  const rows = await ctx.db
    .select()
    .from(events)
    .where(and(...filters))
    .orderBy(...newestFirst(events.createdAt, events.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeEventWithData);
}
