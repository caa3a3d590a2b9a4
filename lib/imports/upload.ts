import { eq } from "drizzle-orm";
import { contactImportChunks, contactImports } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ValidationError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { importContactsJob } from "./jobs";
import { readImportFile } from "./file-stream";
import { projectTopics } from "../topics/internal";
import { checkMappingTargets, fileMapping } from "./mapping";

// Small pieces: each is imported in its own short transaction (PGlite runs one at a time).
const PIECE_CHARS = 256 * 1024;

/**
 * POST /v1/contacts/import: stores the streamed file (CSV with a header row, or NDJSON) in
 * line-aligned chunks with the import row and its job in one transaction, then a worker imports
 * it (process.ts). CSV columns map by header name unless `mapping` says otherwise; the CSV
 * delimiter is detected from the header line.
 */
export async function startContactImport(
  ctx: ServiceContext,
  args: {
    format: "csv" | "ndjson";
    body: ReadableStream<Uint8Array> | null;
    mapping?: Record<string, string>;
  },
) {
  if (!args.body) throw new ValidationError("The request has no body: send the file as the body.");
  checkMappingTargets(args.mapping);

  const now = ctx.clock.now();
  const id = newId("imp", now.getTime());
  // Pieces are stored as they arrive, each in its own statement, so a long upload never holds a
  // transaction (with PGlite that would stall every other request). The import becomes
  // visible to workers only at the end, with its job: an upload that breaks off is marked failed.
  await ctx.db.insert(contactImports).values({
    id,
    projectId: ctx.projectId,
    format: args.format,
    mode: ctx.keyMode,
    status: "pending",
    createdAt: now,
    updatedAt: now,
  });
  const db = ctx.db;
  try {
    let seq = 0;
    const file = await readImportFile({
      format: args.format,
      body: args.body,
      pieceChars: PIECE_CHARS,
      onPiece: async (piece) => {
        await db.insert(contactImportChunks).values({
          projectId: ctx.projectId,
          importId: id,
          seq,
          firstRow: piece.firstRow,
          data: piece.text,
        });
        seq += 1;
      },
    });
    const mapping = fileMapping(
      args.format,
      file.columns,
      args.mapping,
      await projectTopics(ctx.db, ctx.projectId),
    );
    const imported = await withTransaction(ctx.db, async (commit) => {
      const [row] = await commit
        .update(contactImports)
        .set({
          totalRows: file.rows,
          columns: file.columns,
          mapping,
          delimiter: file.delimiter,
        })
        .where(eq(contactImports.id, id))
        .returning();
      if (ctx.config.worker !== "off")
        await ctx.jobs.enqueue(commit, importContactsJob, { importId: id });
      return row!;
    });
    if (ctx.config.worker !== "off") ctx.jobs.notify(importContactsJob);
    return imported;
  } catch (error) {
    // Nothing of a broken upload is imported; the row says why, its pieces go.
    await ctx.db
      .update(contactImports)
      .set({
        status: "failed",
        finishedAt: ctx.clock.now(),
        errors: [{ row: 0, message: uploadProblem(error) }],
      })
      .where(eq(contactImports.id, id));
    await ctx.db.delete(contactImportChunks).where(eq(contactImportChunks.importId, id));
    throw error;
  }
}

function uploadProblem(error: unknown): string {
  return error instanceof ValidationError ? error.message : "The upload was interrupted.";
}
