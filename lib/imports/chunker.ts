/**
 * Cuts an uploaded text stream into pieces of about `target` characters that end on a record
 * boundary: a newline outside quotes for CSV (a quoted field may span lines), any newline for
 * NDJSON. Each piece can then be parsed on its own. Pure: feed text, take pieces.
 */
export class RecordChunker {
  private buffer = "";
  private inQuotes = false;
  private scanned = 0;
  private lastBoundary = -1;

  constructor(
    private readonly format: "csv" | "ndjson",
    private readonly target = 1024 * 1024,
  ) {}

  /** Adds text; returns the pieces that are complete. */
  push(text: string): string[] {
    this.buffer += text;
    this.scan();
    const pieces: string[] = [];
    while (this.buffer.length >= this.target && this.lastBoundary >= 0) {
      const piece = this.buffer.slice(0, this.lastBoundary + 1);
      this.buffer = this.buffer.slice(this.lastBoundary + 1);
      this.scanned = 0;
      this.lastBoundary = -1;
      this.inQuotes = false;
      this.scan();
      pieces.push(piece);
    }
    return pieces;
  }

  /** The rest, at the end of the stream. */
  end(): string[] {
    const rest = this.buffer;
    this.buffer = "";
    return rest.trim() === "" ? [] : [rest];
  }

  private scan() {
    for (let i = this.scanned; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (this.format === "csv" && c === '"') this.inQuotes = !this.inQuotes;
      else if (c === "\n" && !this.inQuotes) this.lastBoundary = i;
    }
    this.scanned = this.buffer.length;
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
