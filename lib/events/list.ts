import { and, eq, type SQL } from "drizzle-orm";
import { events } from "@/db/schema";
import type { ServiceContext } from "../context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "../pagination";
import { parseInput } from "../validation";
import { ListEventsQuery } from "./schemas";
import { serializeEventWithData } from "./serialize";

/**
 * Recorded events, newest first, optionally of one contact. Not an API endpoint (SPEC has no
 * GET /v1/events); used by the dashboard and contact timelines.
 */
export async function listEvents(ctx: ServiceContext, query: ListEventsQuery) {
  const { limit, cursor, contactId } = parseInput(ListEventsQuery, query);
  // The contact is part of the scope so a cursor of one contact's list fails on another's.
  const scope = `${ctx.projectId}:events:${contactId ?? "*"}`;
  const filters: (SQL | undefined)[] = [
    eq(events.projectId, ctx.projectId),
    contactId !== undefined ? eq(events.contactId, contactId) : undefined,
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
