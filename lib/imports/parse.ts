import { parse } from "csv-parse/sync";
import type { CsvDelimiter } from "./delimiter";
import { csvRow, ndjsonRow, type RowResult } from "./rows";

export type PieceFormat = {
  format: "csv" | "ndjson";
  columns: string[];
  mapping: Record<string, string>;
  delimiter: CsvDelimiter;
};

/**
 * The rows of one stored piece of a file (record-aligned: chunker.ts), each read into the
 * contact it upserts or the reason it cannot. Used by the import and by the whole-file check, so
 * both read every row alike.
 */
export function parsePiece(text: string, file: PieceFormat): RowResult[] {
  if (file.format === "ndjson") {
    return text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(ndjsonRow);
  }
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: file.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    return [{ ok: false, message: `unreadable CSV: ${(error as Error).message}` }];
  }
  return records.map((cells) => csvRow(file.columns, cells, file.mapping));
}
