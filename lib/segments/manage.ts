import { and, eq } from "drizzle-orm";
import { segments } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { findSegmentOrThrow } from "./internal";
import { assertProjectTopics } from "../topics/internal";
import {
  CreateSegmentInput,
  ListSegmentsQuery,
  UpdateSegmentInput,
  type SegmentConditions,
} from "./schemas";
import { serializeSegment } from "./serialize";

// POST /v1/segments
export async function createSegment(ctx: ServiceContext, input: unknown) {
  const values = parseInput(CreateSegmentInput, input);
  await assertRuleTopics(ctx, values.conditions);
  const now = ctx.clock.now();
  const [segment] = await ctx.db
    .insert(segments)
    .values({
      id: newId("seg", now.getTime()),
      projectId: ctx.projectId,
      name: values.name,
      conditions: values.conditions,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return segment!;
}

// GET /v1/segments — newest first
export async function listSegments(ctx: ServiceContext, query: unknown) {
  const { limit, cursor } = parseInput(ListSegmentsQuery, query);
  const scope = `${ctx.projectId}:segments`;
  const rows = await ctx.db
    .select()
    .from(segments)
    .where(
      and(
        eq(segments.projectId, ctx.projectId),
        beforeCursor(segments.createdAt, segments.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(segments.createdAt, segments.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeSegment);
}

export const getSegment = (ctx: ServiceContext, id: string) =>
  findSegmentOrThrow(ctx.db, ctx.projectId, id);

// PATCH /v1/segments/:id — name and/or conditions
export async function updateSegment(ctx: ServiceContext, id: string, input: unknown) {
  const values = parseInput(UpdateSegmentInput, input);
  if (values.conditions) await assertRuleTopics(ctx, values.conditions);
  const [segment] = await ctx.db
    .update(segments)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(and(eq(segments.projectId, ctx.projectId), eq(segments.id, id)))
    .returning();
  if (!segment) throw new NotFoundError("Segment");
  return segment;
}

/** A topic rule must name a topic of the project (422 at its value). */
function assertRuleTopics(ctx: ServiceContext, conditions: SegmentConditions) {
  return assertProjectTopics(
    ctx.db,
    ctx.projectId,
    conditions.rules.flatMap((rule, i) =>
      rule.operator === "opted_in" || rule.operator === "opted_out"
        ? [{ id: rule.value, path: `conditions.rules[${i}].value` }]
        : [],
    ),
  );
}

// DELETE /v1/segments/:id
export async function deleteSegment(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .delete(segments)
    .where(and(eq(segments.projectId, ctx.projectId), eq(segments.id, id)))
    .returning({ id: segments.id });
  if (!row) throw new NotFoundError("Segment");
  return { id: row.id, deleted: true as const };
}
