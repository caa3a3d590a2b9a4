import { asc, eq, sql } from "drizzle-orm";
import { contacts, segments } from "@/db/schema";
import { rowsOf } from "@/db";
import type { ServiceContext } from "@/lib/core/context";
import type { SegmentConditions } from "./schemas";
import { segmentWhere } from "./where";

/** Segments tested per query: each is one predicate over the contact's single row. */
const SEGMENTS_PER_QUERY = 50;

/**
 * The saved segments a contact matches right now, by name. Each segment's rules are evaluated
 * against this one contact row (a primary-key lookup), 50 segments per query, instead of a count
 * over the whole audience per segment: tens of segments cost one query; engagement rules add one
 * indexed lookup of the contact's emails each.
 */
export async function segmentsOfContact(ctx: ServiceContext, contactId: string) {
  const saved = await ctx.db
    .select({ id: segments.id, name: segments.name, conditions: segments.conditions })
    .from(segments)
    .where(eq(segments.projectId, ctx.projectId))
    .orderBy(asc(segments.name), asc(segments.id));
  const now = ctx.clock.now();
  const matched: { id: string; name: string }[] = [];
  for (let start = 0; start < saved.length; start += SEGMENTS_PER_QUERY) {
    const chunk = saved.slice(start, start + SEGMENTS_PER_QUERY);
    // Saved conditions were checked when written (see countSavedConditions) and bind every value.
    const columns = chunk.map(
      (segment, i) =>
        sql`(${segmentWhere(segment.conditions as SegmentConditions, now)}) as ${sql.identifier(`s${i}`)}`,
    );
    const [row] = rowsOf<Record<string, boolean>>(
      await ctx.db.execute(
        sql`select ${sql.join(columns, sql`, `)} from ${contacts}
            where ${contacts.projectId} = ${ctx.projectId} and ${contacts.id} = ${contactId}`,
      ),
    );
    if (!row) return [];
    chunk.forEach((segment, i) => {
      if (row[`s${i}`] === true) matched.push({ id: segment.id, name: segment.name });
    });
  }
  return matched;
}
