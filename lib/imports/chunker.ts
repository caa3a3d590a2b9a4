import { ValidationError } from "@/lib/core/errors";
import { detectDelimiter, type CsvDelimiter } from "./delimiter";

/**
 * The longest record (CSV row or NDJSON line) an import reads, in characters. A contact's row is
 * a few KB; a longer one is almost always a quote left open (or a file without line breaks), which
 * would otherwise make the whole rest of the file one record held in memory.
 */
export const MAX_RECORD_CHARS = 1024 * 1024;
const MAX_RECORD_LABEL = "1 MiB";

const LF = 10;
const CR = 13;
const QUOTE = 34;
const SPACE = 32;
const TAB = 9;

/**
 * Where a CSV reader stands, by the rules parse.ts's csv-parse options follow (`relax_quotes`):
 * a quote opens a quoted field only as the field's first character (`12" pizza` is text), `""`
 * inside one is a quote, and a newline ends the record unless it is inside a quoted field.
 */
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3; // a quote inside a quoted field: it closes it, or a second one follows
type CsvState = typeof FIELD_START | typeof UNQUOTED | typeof QUOTED | typeof QUOTE_IN_QUOTED;

function nextCsvState(state: CsvState, c: number, delimiter: number): CsvState {
  if (state === QUOTED) return c === QUOTE ? QUOTE_IN_QUOTED : QUOTED;
  if (c === QUOTE && (state === FIELD_START || state === QUOTE_IN_QUOTED)) return QUOTED;
  return c === delimiter || c === LF ? FIELD_START : UNQUOTED;
}

/**
 * Cuts an uploaded text stream into pieces of about `target` characters that end on a record
 * boundary: for CSV a newline outside a quoted field (which may span lines), for NDJSON any
 * newline. Each piece can then be parsed on its own. Pure: feed text, take pieces. CSV's
 * delimiter is read from the header line (detectDelimiter, as file-stream.ts reads it).
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
  /** CSV: null while in the header line, which is read as detectDelimiter and headerEnd read it. */
  private delimiter: number | null = null;
  private headerInQuotes = false;
  private state: CsvState = FIELD_START;

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
    let i = csv && this.delimiter === null ? this.scanHeader(text) : 0;
    const delimiter = this.delimiter ?? -1;
    let state = this.state;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === LF) {
        this.line++;
        if (state !== QUOTED) this.boundary(this.pendingLength + i);
      }
      if (csv) state = nextCsvState(state, c, delimiter);
    }
    this.state = state;
  }

  /** The header line: quotes simply toggle; its end fixes the delimiter. Returns where it ended. */
  private scanHeader(text: string): number {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) this.headerInQuotes = !this.headerInQuotes;
      else if (c === LF) {
        this.line++;
        if (this.headerInQuotes) continue;
        const header = this.pending.join("") + text.slice(0, i);
        this.delimiter = detectDelimiter(header).charCodeAt(0);
        this.boundary(this.pendingLength + i);
        return i + 1;
      }
    }
    return text.length;
  }

  private boundary(at: number) {
    // A record that began and ended within one push is measured here.
    this.checkRecord(at - this.recordStart, false);
    this.lastBoundary = at;
    this.recordStart = at + 1;
    this.recordLine = this.line;
  }

  private checkOpenRecord() {
    const quoteOpen = this.delimiter === null ? this.headerInQuotes : this.state === QUOTED;
    this.checkRecord(this.pendingLength - this.recordStart, quoteOpen);
  }

  private checkRecord(length: number, quoteOpen: boolean) {
    if (length <= MAX_RECORD_CHARS) return;
    const hint = quoteOpen ? "is a quote left open?" : "are line breaks missing?";
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

/**
 * Counts the records of a piece after the header (for row numbers in error reports), reading
 * quotes as RecordChunker does; lines of blanks only are not records.
 */
export function countRecords(
  piece: string,
  format: "csv" | "ndjson",
  delimiter: CsvDelimiter = ",",
): number {
  const csv = format === "csv";
  const delimiterCode = delimiter.charCodeAt(0);
  let records = 0;
  let content = false;
  let state: CsvState = FIELD_START;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    if (c === LF && state !== QUOTED) {
      if (content) records++;
      content = false;
    } else if (c !== CR && c !== SPACE && c !== TAB) content = true;
    if (csv) state = nextCsvState(state, c, delimiterCode);
  }
  return records + (content ? 1 : 0);
}
