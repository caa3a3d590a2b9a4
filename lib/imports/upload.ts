import { CsvError, parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { contactImportChunks, contactImports } from "@/db/schema";
import { withTransaction, type ServiceContext } from "../context";
import { ValidationError } from "../errors";
import { newId } from "../ids";
import { JOBS } from "../jobs/names";
import { countRecords, RecordChunker } from "./chunker";
import { restoreCell } from "./csv-cells";
import { defaultMapping } from "./rows";

export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;
const DESTINATION = /^(email|name|subscribed|ignore|data\.\S.*)$/;
// Small pieces: each is imported in its own short transaction (PGlite runs one at a time).
const PIECE_CHARS = 256 * 1024;

/**
 * POST /v1/contacts/import: stores the streamed file (CSV with a header row, or NDJSON) in
 * line-aligned chunks with the import row and its job in one transaction, then a worker imports
 * it (process.ts). CSV columns map by header name unless `mapping` says otherwise.
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
  for (const [column, target] of Object.entries(args.mapping ?? {})) {
    if (!DESTINATION.test(target)) {
      throw new ValidationError(`mapping: "${column}" → "${target}" is not a destination`, [
        {
          path: `mapping.${column}`,
          message: "must be email, name, subscribed, data.<key> or ignore",
        },
      ]);
    }
  }
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
    const chunker = new RecordChunker(args.format, PIECE_CHARS);
    const decoder = new TextDecoder();
    let seq = 0;
    let rows = 0;
    let columns: string[] | null = args.format === "csv" ? null : [];
    let bytes = 0;
    const store = async (piece: string) => {
      let text = piece;
      if (columns === null) {
        // The header row: the first record of the file.
        const end = headerEnd(text);
        columns = headerColumns(text.slice(0, end));
        text = text.slice(end);
      }
      refuseNul(text, rows, args.format);
      const records = countRecords(text, args.format);
      if (records === 0) return;
      await db
        .insert(contactImportChunks)
        .values({ importId: id, seq, firstRow: rows + 1, data: text });
      seq += 1;
      rows += records;
    };
    const reader = args.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > MAX_IMPORT_BYTES) {
        await reader.cancel().catch(() => {});
        throw new ValidationError("The file is larger than the 1 GiB import limit.");
      }
      for (const piece of chunker.push(decoder.decode(value, { stream: true }))) await store(piece);
    }
    for (const piece of chunker.push(decoder.decode())) await store(piece);
    for (const piece of chunker.end()) await store(piece);
    const cols: string[] = columns ?? [];
    if (
      args.format === "csv" &&
      !Object.values({ ...defaultMapping(cols), ...args.mapping }).includes("email")
    ) {
      throw new ValidationError(
        "No column holds the email: name one `email` or map one to email.",
        [{ path: "mapping", message: "one column must map to email" }],
      );
    }
    const imported = await withTransaction(ctx.db, async (commit) => {
      const [row] = await commit
        .update(contactImports)
        .set({
          totalRows: rows,
          columns: cols,
          mapping: { ...defaultMapping(cols), ...args.mapping },
        })
        .where(eq(contactImports.id, id))
        .returning();
      if (ctx.config.worker !== "off")
        await ctx.jobs.enqueue(commit, JOBS.importContacts, { importId: id });
      return row!;
    });
    if (ctx.config.worker !== "off") ctx.jobs.notify(JOBS.importContacts);
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

/** The header row's cells; a header csv-parse cannot read is the upload's problem (422). */
function headerColumns(header: string): string[] {
  if (header.includes(NUL)) {
    throw new ValidationError(`The header row ${NUL_PROBLEM}.`, [
      { path: "header", message: NUL_PROBLEM },
    ]);
  }
  try {
    return ((parse(header, { bom: true }) as string[][])[0] ?? []).map(restoreCell);
  } catch (error) {
    const reason = error instanceof CsvError ? error.message : "it cannot be read";
    throw new ValidationError(`The header row is not valid CSV: ${reason}.`, [
      { path: "header", message: "must be one CSV record (check for an unclosed quote)" },
    ]);
  }
}

/**
 * A NUL character cannot be stored (PostgreSQL text refuses U+0000): the upload is refused,
 * naming the row, rather than importing a file with silently altered cells.
 */
function refuseNul(piece: string, rowsBefore: number, format: "csv" | "ndjson") {
  const at = piece.indexOf(NUL);
  if (at < 0) return;
  const row = rowsBefore + Math.max(1, countRecords(piece.slice(0, at + 1), format));
  throw new ValidationError(`Row ${row} ${NUL_PROBLEM}: remove it and upload the file again.`, [
    { path: `rows.${row}`, message: NUL_PROBLEM },
  ]);
}

const NUL = "\u0000";
const NUL_PROBLEM = "contains a NUL character (U+0000)";

/** End of the CSV header record (a quoted header cell may hold a newline). */
function headerEnd(text: string): number {
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') inQuotes = !inQuotes;
    else if (text[i] === "\n" && !inQuotes) return i + 1;
  }
  return text.length;
}
