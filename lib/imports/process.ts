import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { contactImportChunks, contactImports, contacts, type ContactImport } from "@/db/schema";
import type { Database, Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import type { JobQueue } from "@/lib/core/jobs/queue";
import type { Runtime } from "@/lib/core/runtime";
import { bulkUpsertContacts } from "../contacts/bulk-upsert";
import { FirstRows, sortPiece } from "./duplicates";
import { parsePiece } from "./parse";
import type { BulkContact } from "@/lib/contacts/bulk-upsert";
import { projectTopics } from "../topics/internal";
import { saveSubscriptions } from "../topics/subscriptions";
import type { RowResult } from "./rows";

const MAX_ERRORS_KEPT = 1000;
const UPSERT_BATCH = 5000;

/**
 * Imports a stored file chunk by chunk: each chunk's rows are validated and upserted in batches,
 * and the counters, the error and duplicate reports and the checkpoint (`next_chunk`) move in
 * the same transaction. Rows repeating an earlier row's email are applied in file order (the
 * last row wins) and counted as duplicates, so created + updated + errors + duplicates is the
 * file's row count. A worker that dies resumes at the next unprocessed chunk, first re-reading
 * the emails of the chunks before it; re-running a chunk is harmless (upserts are idempotent).
 */
export async function processContactImport(
  deps: Pick<Runtime, "db" | "clock" | "dueWork" | "jobs">,
  importId: string,
) {
  const seen = new FirstRows();
  // Chunks below this one have been read into `seen`.
  let seenUpTo = 0;
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
    if (seenUpTo < chunk.seq) await readEarlierEmails(deps.db, job, seenUpTo, chunk.seq, seen);
    const results = withKnownTopics(parsePiece(chunk.data, job), await topicIdsOf(deps.db, job));
    const { fresh, repeats, errors, duplicates } = sortPiece(results, chunk.firstRow, seen);
    seenUpTo = chunk.seq + 1;
    const counts = await deps.db.transaction(async (tx) => {
      // Another worker may hold this import (a retried job): only one processes each chunk.
      const [current] = await tx
        .select({ nextChunk: contactImports.nextChunk })
        .from(contactImports)
        .where(eq(contactImports.id, importId))
        .for("update");
      if (current?.nextChunk !== job.nextChunk) return { created: 0 };
      const { created, updated } = await upsertInBatches(tx, deps.jobs, job, fresh, now);
      // Later rows of emails met in earlier chunks: applied, counted as duplicates only.
      await upsertInBatches(tx, deps.jobs, job, repeats, now);
      const kept = errors.slice(0, Math.max(0, MAX_ERRORS_KEPT - job.errors.length));
      const keptDuplicates = duplicates.slice(
        0,
        Math.max(0, MAX_ERRORS_KEPT - job.duplicates.length),
      );
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
          duplicateCount: sql`${contactImports.duplicateCount} + ${duplicates.length}`,
          duplicates: sql`${contactImports.duplicates} || ${JSON.stringify(keptDuplicates)}::jsonb`,
          updatedAt: now,
        })
        .where(eq(contactImports.id, importId));
      return { created };
    });
    if (counts.created > 0) deps.dueWork.wake();
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

/** Each batch is one statement and, when someone listens, one webhook fan-out. */
async function upsertInBatches(
  tx: Executor,
  jobs: JobQueue,
  job: ContactImport,
  rows: BulkContact[],
  now: Date,
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const done = await bulkUpsertContacts(tx, jobs, {
      projectId: job.projectId,
      rows: rows.slice(i, i + UPSERT_BATCH),
      source: "import",
      now,
      mode: job.mode,
    });
    created += done.created;
    updated += done.updated;
  }
  await saveImportedTopics(tx, jobs, job.projectId, rows, now);
  return { created, updated };
}

async function topicIdsOf(db: Database, job: ContactImport): Promise<Set<string>> {
  return new Set((await projectTopics(db, job.projectId)).map((t) => t.id));
}

/** A row choosing a topic the project does not have (an NDJSON line, a deleted topic) is an error. */
function withKnownTopics(results: RowResult[], known: Set<string>): RowResult[] {
  return results.map((result) => {
    if (!result.ok) return result;
    const unknown = result.contact.topics?.find((t) => !known.has(t.id));
    return unknown
      ? { ok: false, message: `topics: ${unknown.id} is not a topic of this project` }
      : result;
  });
}

/** The rows' topic choices, once their contacts exist: one lookup and one upsert per batch. */
async function saveImportedTopics(
  tx: Executor,
  jobs: JobQueue,
  projectId: string,
  rows: BulkContact[],
  now: Date,
) {
  const choosing = rows.filter((r) => r.topics?.length);
  if (choosing.length === 0) return;
  const found = await tx
    .select({ id: contacts.id, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.projectId, projectId),
        inArray(
          contacts.email,
          choosing.map((r) => r.email),
        ),
      ),
    );
  const idOf = new Map(found.map((c) => [c.email, c.id]));
  await saveSubscriptions(
    tx,
    jobs,
    choosing.flatMap((row) =>
      row.topics!.map((t) => ({
        projectId,
        contactId: idOf.get(row.email)!,
        topicId: t.id,
        subscription: t.subscription,
      })),
    ),
    now,
  );
}

/** A resumed import re-reads the emails of the chunks already imported, one chunk at a time. */
async function readEarlierEmails(
  db: Database,
  job: ContactImport,
  from: number,
  to: number,
  seen: FirstRows,
) {
  for (let seq = from; seq < to; seq++) {
    const [chunk] = await db
      .select()
      .from(contactImportChunks)
      .where(
        and(
          eq(contactImportChunks.importId, job.id),
          gte(contactImportChunks.seq, seq),
          lt(contactImportChunks.seq, to),
        ),
      )
      .orderBy(asc(contactImportChunks.seq))
      .limit(1);
    if (!chunk) return;
    sortPiece(parsePiece(chunk.data, job), chunk.firstRow, seen);
    seq = chunk.seq;
  }
}
