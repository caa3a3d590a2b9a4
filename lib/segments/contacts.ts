import { and, count, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { serializeContact } from "../contacts/serialize";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { findSegmentOrThrow } from "./internal";
import { SegmentConditions, SegmentContactsQuery } from "./schemas";
import { segmentWhere } from "./where";

// GET /v1/segments/:id/contacts — the contacts it matches now, newest first
export async function listSegmentContacts(ctx: ServiceContext, segmentId: string, query: unknown) {
  const { limit, cursor } = parseInput(SegmentContactsQuery, query);
  const segment = await findSegmentOrThrow(ctx.db, ctx.projectId, segmentId);
  const scope = `${ctx.projectId}:segment:${segment.id}`;
  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.projectId, ctx.projectId),
        segmentWhere(segment.conditions as SegmentConditions, ctx.clock.now()),
        beforeCursor(contacts.createdAt, contacts.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(contacts.createdAt, contacts.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeContact);
}

/** How many contacts match conditions now (saved or not: the builder counts as you type). */
export async function countMatching(ctx: ServiceContext, conditions: unknown) {
  return countWhere(ctx, parseInput(SegmentConditions, conditions));
}

/**
 * How many contacts a saved segment matches. Its conditions were checked when written and are
 * not checked again, so a row saved before a rule got stricter still counts (segmentWhere binds
 * every value) instead of failing the segments list.
 */
export async function countSavedConditions(ctx: ServiceContext, conditions: unknown) {
  return countWhere(ctx, conditions as SegmentConditions);
}

async function countWhere(ctx: ServiceContext, conditions: SegmentConditions) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.projectId, ctx.projectId), segmentWhere(conditions, ctx.clock.now())));
  return Number(row?.n ?? 0);
}

// GET /v1/segments/:id/count
export async function countSegment(ctx: ServiceContext, segmentId: string) {
  const segment = await findSegmentOrThrow(ctx.db, ctx.projectId, segmentId);
  return { id: segment.id, count: await countSavedConditions(ctx, segment.conditions) };
}

export type MatchingContact = {
  id: string;
  email: string;
  name: string | null;
  subscribed: boolean;
};

/**
 * What the segment builder shows as you edit: how many contacts the (unsaved) conditions match,
 * and the newest few of them. Invalid conditions throw the services' ValidationError.
 */
export async function segmentMatches(ctx: ServiceContext, conditions: unknown, sample = 5) {
  const parsed = parseInput(SegmentConditions, conditions);
  const [count, rows] = await Promise.all([
    countWhere(ctx, parsed),
    ctx.db
      .select({
        id: contacts.id,
        email: contacts.email,
        name: contacts.name,
        subscribed: contacts.subscribed,
      })
      .from(contacts)
      .where(and(eq(contacts.projectId, ctx.projectId), segmentWhere(parsed, ctx.clock.now())))
      .orderBy(...newestFirst(contacts.createdAt, contacts.id))
      .limit(sample),
  ]);
  return { count, contacts: rows satisfies MatchingContact[] };
}
