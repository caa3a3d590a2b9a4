import { detectDelimiter, type CsvDelimiter } from "@/lib/imports/delimiter";

/**
 * A small CSV reader for the import preview, run in the browser on the first bytes of the file
 * (the server reads the whole file with csv-parse; that bundle is ~110 kB, too much for a
 * preview). It follows RFC 4180 much like csv-parse with `relax_quotes`: quoted cells may hold
 * commas, newlines and doubled quotes, a stray quote inside an unquoted cell is kept as text,
 * CRLF and LF both end a record, a leading BOM is dropped and blank lines are skipped. The
 * delimiter is detected from the header line as the server does (imports/delimiter.ts).
 */
export type CsvPreview = { columns: string[]; rows: string[][]; delimiter: CsvDelimiter };

/** How much of the file the preview reads: enough for the header and the first rows. */
export const PREVIEW_BYTES = 64 * 1024;

export function readCsvPreview(
  text: string,
  { truncated, maxRows = 5 }: { truncated: boolean; maxRows?: number },
): CsvPreview {
  const body = text.replace(/^\uFEFF/, "");
  const delimiter = detectDelimiter(body);
  const records = readRecords(body, delimiter);
  // A cut-off file ends mid-record: the last one is incomplete, so it is not shown.
  if (truncated && records.length > 1) records.pop();
  const [columns = [], ...rows] = records;
  return { columns, rows: rows.slice(0, maxRows), delimiter };
}

function readRecords(text: string, delimiter: CsvDelimiter): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  // True once the current cell opened with a quote (its closing quote may follow).
  let cellWasQuoted = false;
  const endCell = () => {
    record.push(cell);
    cell = "";
    cellWasQuoted = false;
  };
  const endRecord = () => {
    endCell();
    // Blank lines are skipped, like the server's `skip_empty_lines`.
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && cell === "" && !cellWasQuoted) {
      quoted = true;
      cellWasQuoted = true;
    } else if (char === delimiter) endCell();
    else if (char === "\n") endRecord();
    else if (char === "\r") {
      if (text[i + 1] !== "\n") endRecord();
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}
