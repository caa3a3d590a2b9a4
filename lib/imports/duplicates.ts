import type { ImportDuplicateRow, ImportRowError } from "@/db/schema";
import type { BulkContact } from "@/lib/contacts/bulk-upsert";
import type { RowResult } from "./rows";

/** A row whose email an earlier row of the same file already holds. */
export type DuplicateRow = ImportDuplicateRow;

/**
 * Memory for duplicate detection grows with the distinct emails of a file (≈ 80 bytes each), not
 * with its size; past this many, later repeats of untracked emails import as plain updates
 * (the totals still add up, they are just not reported as duplicates).
 */
export const MAX_TRACKED_EMAILS = 1_000_000;

/** The first valid row of each email in a file, fed in file order. */
export class FirstRows {
  private readonly rows = new Map<string, number>();

  constructor(private readonly limit = MAX_TRACKED_EMAILS) {}

  /** The earlier row that held this email, or undefined when this row is its first. */
  claim(email: string, row: number): number | undefined {
    const first = this.rows.get(email);
    if (first !== undefined && first !== row) return first;
    if (first === undefined && this.rows.size < this.limit) this.rows.set(email, row);
    return undefined;
  }
}

/** One piece's rows, sorted out: what to upsert and what to report. */
export type SortedPiece = {
  /** Emails whose first row in the file is in this piece (each counts as created or updated). */
  fresh: BulkContact[];
  /** Emails first seen in an earlier piece: still applied (the last row wins), not counted again. */
  repeats: BulkContact[];
  errors: ImportRowError[];
  duplicates: DuplicateRow[];
};

/**
 * Rows of one email are applied in file order, as if each were upserted in turn: a later row
 * changes the fields it gives (so the last row wins) and its custom fields merge. Every row of a
 * file ends up counted exactly once: created, updated, error or duplicate.
 */
export function sortPiece(results: RowResult[], firstRow: number, seen: FirstRows): SortedPiece {
  const fresh = new Map<string, BulkContact>();
  const repeats = new Map<string, BulkContact>();
  const errors: ImportRowError[] = [];
  const duplicates: DuplicateRow[] = [];
  // The file-wide first row of each email met in this piece: repeats within one piece are found
  // even past the tracking limit, so no row is ever merged away uncounted.
  const firstInFile = new Map<string, number>();
  results.forEach((result, i) => {
    const row = firstRow + i;
    if (!result.ok) {
      errors.push({ row, message: result.message });
      return;
    }
    const { email } = result.contact;
    const known = firstInFile.get(email);
    const earlier = known ?? seen.claim(email, row);
    if (known === undefined) firstInFile.set(email, earlier ?? row);
    if (earlier !== undefined) duplicates.push({ row, first_row: earlier, email });
    const target = fresh.has(email) || earlier === undefined ? fresh : repeats;
    const before = target.get(email);
    target.set(email, before ? applyLater(before, result.contact) : result.contact);
  });
  return { fresh: [...fresh.values()], repeats: [...repeats.values()], errors, duplicates };
}

/** The earlier row with a later one applied over it (upsert semantics: given fields change). */
export function applyLater(earlier: BulkContact, later: BulkContact): BulkContact {
  return {
    email: later.email,
    name: later.name !== undefined ? later.name : earlier.name,
    subscribed: later.subscribed ?? earlier.subscribed,
    data: { ...earlier.data, ...later.data },
  };
}
