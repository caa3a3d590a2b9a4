import { and, asc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { rowsOf } from "@/db";
import { contacts, contactTopics } from "@/db/schema";
import { contactFilterWhere } from "../contacts/list";
import { ContactFilterQuery } from "../contacts/schemas";
import type { ServiceContext } from "@/lib/core/context";
import { findSegmentOrThrow } from "../segments/internal";
import type { SegmentConditions } from "../segments/schemas";
import { segmentWhere } from "../segments/where";
import { parseInput } from "@/lib/core/validation";
import { projectTopics } from "../topics/internal";
import { csvLine } from "./csv-cells";
import { TOPIC_COLUMN_PREFIX } from "./rows";

// The contacts list's own filters (search, subscribed, email), so a download is what the list shows.
export const ExportQuery = ContactFilterQuery.extend({
  segment: z.string().max(100).optional(),
});
const BATCH = 1000;
const FIXED = ["email", "name", "subscribed", "source", "created_at"] as const;

/**
 * GET /v1/contacts/export: every contact (or a segment's) as CSV, streamed in keyset batches
 * (never loaded whole). Columns: email, name, subscribed, source, created_at, one per topic
 * (`topic:<name>`: opt_in or opt_out), then one per custom field, so the file imports back as it was (cells a spreadsheet would run as formulas are
 * neutralised, and the import undoes it: csv-cells.ts). The filter is checked before the stream starts, so
 * a bad segment is a JSON 404/422, not a broken download.
 */
export async function exportContactsCsv(ctx: ServiceContext, query: unknown) {
  const { segment: segmentId, ...listFilters } = parseInput(ExportQuery, query);
  const filters: SQL[] = contactFilterWhere(ctx, listFilters);
  if (segmentId) {
    const segment = await findSegmentOrThrow(ctx.db, ctx.projectId, segmentId);
    filters.push(segmentWhere(segment.conditions as SegmentConditions, ctx.clock.now()));
  }
  const keys = rowsOf<{ key: string }>(
    await ctx.db.execute(
      sql`select distinct jsonb_object_keys(data) as key from ${contacts} where ${and(...filters)} order by 1`,
    ),
  ).map((r) => r.key);
  const topicList = await projectTopics(ctx.db, ctx.projectId);
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        const topicColumns = topicList.map((t) => `${TOPIC_COLUMN_PREFIX}${t.name}`);
        controller.enqueue(encoder.encode(csvLine([...FIXED, ...topicColumns, ...keys])));
      }
      const rows = await ctx.db
        .select()
        .from(contacts)
        .where(and(...filters, cursor ? gt(contacts.id, cursor) : undefined))
        .orderBy(asc(contacts.id))
        .limit(BATCH);
      if (rows.length === 0) return controller.close();
      cursor = rows.at(-1)!.id;
      const choices = await topicChoicesOf(
        ctx,
        rows.map((c) => c.id),
        topicList.length,
      );
      const lines = rows.map((c) =>
        csvLine([
          c.email,
          c.name ?? "",
          String(c.subscribed),
          c.source,
          c.createdAt.toISOString(),
          ...topicList.map((t) => choices.get(`${c.id} ${t.id}`) ?? t.defaultSubscription),
          ...keys.map((key) => cell(c.data[key])),
        ]),
      );
      controller.enqueue(encoder.encode(lines.join("")));
    },
  });
}

/** The batch's explicit topic choices by "contact topic" (one query; none without topics). */
async function topicChoicesOf(ctx: ServiceContext, contactIds: string[], topicCount: number) {
  const choices = new Map<string, string>();
  if (topicCount === 0) return choices;
  const rows = await ctx.db
    .select({
      contactId: contactTopics.contactId,
      topicId: contactTopics.topicId,
      subscription: contactTopics.subscription,
    })
    .from(contactTopics)
    .where(
      and(eq(contactTopics.projectId, ctx.projectId), inArray(contactTopics.contactId, contactIds)),
    );
  for (const r of rows) choices.set(`${r.contactId} ${r.topicId}`, r.subscription);
  return choices;
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
