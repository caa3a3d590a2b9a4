import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { contactImportChunks, contactImports, type ImportRowError } from "@/db/schema";
import type { Database } from "@/db";
import type { Clock } from "../clock";
import { bulkUpsertContacts } from "../contacts/bulk-upsert";
import { wakeDuePoller } from "../jobs/poller";
import { csvRow, ndjsonRow, type ImportedContact, type RowResult } from "./rows";

const MAX_ERRORS_KEPT = 1000;
const UPSERT_BATCH = 5000;

/**
 * Imports a stored file chunk by chunk: each chunk's rows are validated, de-duplicated by email
 * (the last row wins) and upserted in batches, and the counters, the error report and the
 * checkpoint (`next_chunk`) move in the same transaction. A worker that dies resumes at the next
 * unprocessed chunk; re-running a chunk is harmless anyway (upserts are idempotent).
 */
export async function processContactImport(deps: { db: Database; clock: Clock }, importId: string) {
  for (;;) {
    const [job] = await deps.db
      .select()
      .from(contactImports)
      .where(eq(contactImports.id, importId));
    if (!job || job.status === "completed" || job.status === "failed") return;
    const [chunk] = await deps.db
      .select()
      .from(contactImportChunks)
      .where(
        and(eq(contactImportChunks.importId, importId), eq(contactImportChunks.seq, job.nextChunk)),
      );
    const now = deps.clock.now();
    if (!chunk) {
      await deps.db
        .update(contactImports)
        .set({ status: "completed", finishedAt: now, updatedAt: now })
        .where(eq(contactImports.id, importId));
      return;
    }
    const results = parseChunk(job.format, chunk.data, job.columns, job.mapping);
    const errors: ImportRowError[] = [];
    const byEmail = new Map<string, ImportedContact>();
    results.forEach((result, i) => {
      if (result.ok) byEmail.set(result.contact.email, result.contact);
      else errors.push({ row: chunk.firstRow + i, message: result.message });
    });
    const rows = [...byEmail.values()];
    const counts = await deps.db.transaction(async (tx) => {
      // Another worker may hold this import (a retried job): only one processes each chunk.
      const [current] = await tx
        .select({ nextChunk: contactImports.nextChunk })
        .from(contactImports)
        .where(eq(contactImports.id, importId))
        .for("update");
      if (current?.nextChunk !== job.nextChunk) return { created: 0 };
      let created = 0;
      let updated = 0;
      for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
        const done = await bulkUpsertContacts(tx, {
          projectId: job.projectId,
          rows: rows.slice(i, i + UPSERT_BATCH),
          source: "import",
          now,
          mode: job.mode,
        });
        created += done.created;
        updated += done.updated;
      }
      const kept = errors.slice(0, Math.max(0, MAX_ERRORS_KEPT - job.errors.length));
      await tx
        .update(contactImports)
        .set({
          status: "running",
          nextChunk: job.nextChunk + 1,
          processedRows: sql`${contactImports.processedRows} + ${results.length}`,
          createdCount: sql`${contactImports.createdCount} + ${created}`,
          updatedCount: sql`${contactImports.updatedCount} + ${updated}`,
          errorCount: sql`${contactImports.errorCount} + ${errors.length}`,
          errors: sql`${contactImports.errors} || ${JSON.stringify(kept)}::jsonb`,
          updatedAt: now,
        })
        .where(eq(contactImports.id, importId));
      return { created };
    });
    if (counts.created > 0) wakeDuePoller();
    // Let other work (requests in this process, on PGlite) run between pieces.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** After the queue gave up on an import's job: the import is failed, with the reason. */
export async function failContactImport(
  deps: { db: Database; clock: Clock },
  importId: string,
  error: unknown,
) {
  const now = deps.clock.now();
  await deps.db
    .update(contactImports)
    .set({
      status: "failed",
      finishedAt: now,
      updatedAt: now,
      errors: sql`${contactImports.errors} || ${JSON.stringify([{ row: 0, message: `The import stopped: ${(error as Error).message ?? String(error)}` }])}::jsonb`,
    })
    .where(eq(contactImports.id, importId));
}

function parseChunk(
  format: "csv" | "ndjson",
  data: string,
  columns: string[],
  mapping: Record<string, string>,
): RowResult[] {
  if (format === "ndjson") {
    return data
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(ndjsonRow);
  }
  let records: string[][];
  try {
    records = parse(data, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    return [{ ok: false, message: `unreadable CSV: ${(error as Error).message}` }];
  }
  return records.map((cells) => csvRow(columns, cells, mapping));
}
