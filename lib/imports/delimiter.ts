/**
 * The field separator of a CSV file, read from its header line: `,` (the standard), `;` (what
 * Excel writes where the decimal separator is a comma, most of Europe) or a tab (TSV exports).
 * Separators inside quoted header cells do not count. Pure, so the browser preview and the
 * server read a file alike.
 */
export type CsvDelimiter = "," | ";" | "\t";

export const CSV_DELIMITERS: readonly CsvDelimiter[] = [",", ";", "\t"];

/** The delimiter that occurs most often in the header line outside quotes; `,` on a tie or none. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ",": 0, ";": 0, "\t": 0 };
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (c === "\n" || c === "\r")) break;
    else if (!inQuotes && (c === "," || c === ";" || c === "\t")) counts[c]++;
  }
  let best: CsvDelimiter = ",";
  for (const delimiter of CSV_DELIMITERS) if (counts[delimiter] > counts[best]) best = delimiter;
  return best;
}

/** The delimiter's name in messages and the wizard. */
export function delimiterLabel(delimiter: CsvDelimiter): string {
  return delimiter === "," ? "commas" : delimiter === ";" ? "semicolons" : "tabs";
}
