import { and, asc, gt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { rowsOf } from "@/db";
import { contacts } from "@/db/schema";
import { contactFilterWhere } from "../contacts/list";
import { ContactFilterQuery } from "../contacts/schemas";
import type { ServiceContext } from "@/lib/core/context";
import { findSegmentOrThrow } from "../segments/internal";
import type { SegmentConditions } from "../segments/schemas";
import { segmentWhere } from "../segments/where";
import { parseInput } from "@/lib/core/validation";
import { csvLine } from "./csv-cells";

// The contacts list's own filters (search, subscribed, email), so a download is what the list shows.
export const ExportQuery = ContactFilterQuery.extend({
  segment: z.string().max(100).optional(),
});
const BATCH = 1000;
const FIXED = ["email", "name", "subscribed", "source", "created_at"] as const;

/**
 * GET /v1/contacts/export: every contact (or a segment's) as CSV, streamed in keyset batches
 * (never loaded whole). Columns: email, name, subscribed, source, created_at, then one per custom
 * field, so the file imports back as it was (cells a spreadsheet would run as formulas are
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
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine([...FIXED, ...keys])));
      }
      const rows = await ctx.db
        .select()
        .from(contacts)
        .where(and(...filters, cursor ? gt(contacts.id, cursor) : undefined))
        .orderBy(asc(contacts.id))
        .limit(BATCH);
      if (rows.length === 0) return controller.close();
      cursor = rows.at(-1)!.id;
      const lines = rows.map((c) =>
        csvLine([
          c.email,
          c.name ?? "",
          String(c.subscribed),
          c.source,
          c.createdAt.toISOString(),
          ...keys.map((key) => cell(c.data[key])),
        ]),
      );
      controller.enqueue(encoder.encode(lines.join("")));
    },
  });
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
