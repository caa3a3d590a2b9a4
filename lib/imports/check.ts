import type { z } from "zod";
import type { ImportCheckResponse } from "./serialize";
import type { ImportRowError } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { ValidationError } from "@/lib/core/errors";
import { FirstRows, sortPiece, type DuplicateRow } from "./duplicates";
import { readImportFile } from "./file-stream";
import { projectTopics } from "../topics/internal";
import { checkMappingTargets, fileMapping } from "./mapping";
import { parsePiece } from "./parse";
import type { RowResult } from "./rows";

/** Rows listed per kind of problem; the counts cover the whole file. */
export const MAX_CHECK_PROBLEMS = 100;
// Bigger pieces than the upload's: nothing is stored, so only parsing speed matters.
const PIECE_CHARS = 1024 * 1024;

/** Typed by the documented response, so the report cannot drift from its description. */
export type ImportCheckReport = z.infer<typeof ImportCheckResponse>;

/**
 * Tallies a file's rows as the import will count them: each row is a contact (its email's first
 * valid row), a duplicate (a later row of an email) or an error, so the three add up to the
 * row count. Keeps the first MAX_CHECK_PROBLEMS of each kind with their row numbers.
 */
export class ImportCheck {
  private readonly seen = new FirstRows();
  totalRows = 0;
  contacts = 0;
  errorCount = 0;
  duplicateCount = 0;
  readonly errors: ImportRowError[] = [];
  readonly duplicates: DuplicateRow[] = [];

  add(results: RowResult[], firstRow: number) {
    const sorted = sortPiece(results, firstRow, this.seen);
    this.totalRows += results.length;
    this.contacts += sorted.fresh.length;
    this.errorCount += sorted.errors.length;
    this.duplicateCount += sorted.duplicates.length;
    keepFirst(this.errors, sorted.errors);
    keepFirst(this.duplicates, sorted.duplicates);
  }
}

function keepFirst<T>(kept: T[], more: T[]) {
  for (const item of more.slice(0, Math.max(0, MAX_CHECK_PROBLEMS - kept.length))) kept.push(item);
}

/**
 * POST /v1/contacts/import/check: reads a whole file as the import would (same parser, mapping
 * and row rules) without storing or importing anything, streamed piece by piece. Memory grows
 * only with the file's distinct emails (duplicates.ts), so a 100,000-row file is checked in
 * well under a second.
 */
export async function checkContactImport(
  ctx: ServiceContext,
  args: {
    format: "csv" | "ndjson";
    body: ReadableStream<Uint8Array> | null;
    mapping?: Record<string, string>;
  },
): Promise<ImportCheckReport> {
  if (!args.body) throw new ValidationError("The request has no body: send the file as the body.");
  checkMappingTargets(args.mapping);
  const topics = await projectTopics(ctx.db, ctx.projectId);
  const check = new ImportCheck();
  let mapping: Record<string, string> | null = null;
  const file = await readImportFile({
    format: args.format,
    body: args.body,
    pieceChars: PIECE_CHARS,
    onPiece: (piece, header) => {
      mapping ??= fileMapping(args.format, header.columns, args.mapping, topics);
      check.add(
        parsePiece(piece.text, { format: args.format, mapping, ...header }),
        piece.firstRow,
      );
    },
  });
  // A file without data rows still needs its email column.
  const full = mapping ?? fileMapping(args.format, file.columns, args.mapping, topics);
  return {
    format: args.format,
    delimiter: file.delimiter,
    columns: file.columns,
    mapping: full,
    total_rows: check.totalRows,
    contacts: check.contacts,
    error_count: check.errorCount,
    errors: check.errors,
    duplicate_count: check.duplicateCount,
    duplicates: check.duplicates,
  };
}
