import { CsvError, parse } from "csv-parse/sync";
import { ValidationError } from "@/lib/core/errors";
import { countRecords, RecordChunker } from "./chunker";
import { restoreCell } from "./csv-cells";
import { detectDelimiter, type CsvDelimiter } from "./delimiter";

export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

export type FileHeader = { columns: string[]; delimiter: CsvDelimiter };
export type FilePiece = { text: string; firstRow: number; records: number };

/**
 * Reads an uploaded file (CSV with a header row, or NDJSON) as it streams in, in record-aligned
 * pieces of about `pieceChars` characters, never holding the whole file: the upload stores each
 * piece, the whole-file check reads it. CSV's delimiter (`,` `;` tab) is taken from the header
 * line. Refuses (422) a file over 1 GiB, an unreadable header and a NUL character, naming the row.
 */
export async function readImportFile(args: {
  format: "csv" | "ndjson";
  body: ReadableStream<Uint8Array>;
  pieceChars: number;
  onPiece: (piece: FilePiece, header: FileHeader) => Promise<void> | void;
}): Promise<FileHeader & { rows: number }> {
  const chunker = new RecordChunker(args.format, args.pieceChars);
  const decoder = new TextDecoder();
  let header: FileHeader | null = args.format === "csv" ? null : { columns: [], delimiter: "," };
  let rows = 0;
  let bytes = 0;
  const take = async (piece: string) => {
    let text = piece;
    if (header === null) {
      // The header row: the first record of the file.
      const end = headerEnd(text);
      header = headerOf(text.slice(0, end));
      text = text.slice(end);
    }
    refuseNul(text, rows, args.format, header.delimiter);
    const records = countRecords(text, args.format, header.delimiter);
    if (records === 0) return;
    await args.onPiece({ text, firstRow: rows + 1, records }, header);
    rows += records;
  };
  const reader = args.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > MAX_IMPORT_BYTES) {
      await reader.cancel().catch(() => {});
      throw new ValidationError("The file is larger than the 1 GiB import limit.");
    }
    for (const piece of chunker.push(decoder.decode(value, { stream: true }))) await take(piece);
  }
  for (const piece of chunker.push(decoder.decode())) await take(piece);
  for (const piece of chunker.end()) await take(piece);
  const found: FileHeader = header ?? { columns: [], delimiter: "," };
  return { ...found, rows };
}

/** The header row's cells and delimiter; a header csv-parse cannot read is the upload's problem (422). */
function headerOf(line: string): FileHeader {
  if (line.includes(NUL)) {
    throw new ValidationError(`The header row ${NUL_PROBLEM}.`, [
      { path: "header", message: NUL_PROBLEM },
    ]);
  }
  const delimiter = detectDelimiter(line.replace(/^\uFEFF/, ""));
  try {
    const columns = ((parse(line, { bom: true, delimiter }) as string[][])[0] ?? []).map(
      restoreCell,
    );
    return { columns, delimiter };
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
function refuseNul(
  piece: string,
  rowsBefore: number,
  format: "csv" | "ndjson",
  delimiter: CsvDelimiter,
) {
  const at = piece.indexOf(NUL);
  if (at < 0) return;
  const row = rowsBefore + Math.max(1, countRecords(piece.slice(0, at + 1), format, delimiter));
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
