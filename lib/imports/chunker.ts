import { ValidationError } from "../errors";

/**
 * The longest record (CSV row or NDJSON line) an import reads, in characters. A contact's row is
 * a few KB; a longer one is almost always a quote left open (or a file without line breaks), which
 * would otherwise make the whole rest of the file one record held in memory.
 */
export const MAX_RECORD_CHARS = 1024 * 1024;
const MAX_RECORD_LABEL = "1 MiB";

const LF = 10;
const QUOTE = 34;

/**
 * Cuts an uploaded text stream into pieces of about `target` characters that end on a record
 * boundary: a newline outside quotes for CSV (a quoted field may span lines), any newline for
 * NDJSON. Each piece can then be parsed on its own. Pure: feed text, take pieces.
 *
 * Linear: every character is examined once, when it is pushed (the scan state carries over from
 * push to push), and text is joined and sliced only when a piece is cut. A record longer than
 * MAX_RECORD_CHARS is refused (422 `import_record_too_large`, naming the line it starts on), so
 * what is held between cuts stays bounded.
 */
export class RecordChunker {
  /** Text pushed since the last cut, not joined yet. */
  private pending: string[] = [];
  private pendingLength = 0;
  /** Offsets in the pending text: the last record boundary (its newline) and the open record. */
  private lastBoundary = -1;
  private recordStart = 0;
  /** Line numbers (1-based, every newline counts) of the next character and of the open record. */
  private line = 1;
  private recordLine = 1;
  private inQuotes = false;

  constructor(
    private readonly format: "csv" | "ndjson",
    private readonly target = 1024 * 1024,
  ) {}

  /** Adds text; returns the pieces that are complete. */
  push(text: string): string[] {
    this.scan(text);
    this.pending.push(text);
    this.pendingLength += text.length;
    this.checkOpenRecord();
    if (this.pendingLength < this.target || this.lastBoundary < 0) return [];
    const joined = this.pending.join("");
    const cut = this.lastBoundary + 1;
    const rest = joined.slice(cut);
    this.pending = rest === "" ? [] : [rest];
    this.pendingLength = rest.length;
    this.recordStart -= cut;
    this.lastBoundary = -1;
    return [joined.slice(0, cut)];
  }

  /** The rest, at the end of the stream. */
  end(): string[] {
    this.checkOpenRecord();
    const rest = this.pending.join("");
    this.pending = [];
    this.pendingLength = 0;
    return rest.trim() === "" ? [] : [rest];
  }

  /** Finds the record boundaries of `text`, which follows the pending text. */
  private scan(text: string) {
    const csv = this.format === "csv";
    const offset = this.pendingLength;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE && csv) this.inQuotes = !this.inQuotes;
      else if (c === LF) {
        this.line++;
        if (this.inQuotes) continue;
        const at = offset + i;
        // A record that began and ended within one push is measured here.
        this.checkRecord(at - this.recordStart);
        this.lastBoundary = at;
        this.recordStart = at + 1;
        this.recordLine = this.line;
      }
    }
  }

  private checkOpenRecord() {
    this.checkRecord(this.pendingLength - this.recordStart);
  }

  private checkRecord(length: number) {
    if (length <= MAX_RECORD_CHARS) return;
    const hint = this.inQuotes ? "is a quote left open?" : "are line breaks missing?";
    throw new ValidationError(
      `Line ${this.recordLine} starts a record longer than ${MAX_RECORD_LABEL}: ${hint}`,
      [
        {
          path: `lines.${this.recordLine}`,
          message: `starts a record longer than ${MAX_RECORD_LABEL}`,
        },
      ],
      "import_record_too_large",
    );
  }
}

/** Counts the records of a piece (for row numbers in error reports). */
export function countRecords(piece: string, format: "csv" | "ndjson"): number {
  let records = 0;
  let inQuotes = false;
  let content = false;
  for (const c of piece) {
    if (format === "csv" && c === '"') inQuotes = !inQuotes;
    if (c === "\n" && !inQuotes) {
      if (content) records++;
      content = false;
    } else if (c !== "\r" && c !== " " && c !== "\t") content = true;
  }
  return records + (content ? 1 : 0);
}
