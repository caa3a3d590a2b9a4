import { createHash } from "node:crypto";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ValidationError } from "@/lib/core/errors";

/**
 * Keyset pagination over (created_at, id), newest first. Cursors are opaque base64url tokens
 * bound to the project and the list they came from, so they cannot cross either.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

// Rows are created now-ish; anything outside 1970–9999 is forged.
const MIN_CURSOR_TIME = 0;
const MAX_CURSOR_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export type Cursor = { createdAt: Date; id: string };
export type Page<T> = { data: T[]; has_more: boolean; next_cursor: string | null };

export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: "must be an integer" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(512).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** The response shape of a keyset-paged list of `item`s, for response schemas. */
export function PageOf<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  });
}

function scopeTag(scope: string): string {
  return createHash("sha256").update(scope).digest("base64url").slice(0, 10);
}

export function encodeCursor(scope: string, cursor: Cursor): string {
  const payload = JSON.stringify([cursor.createdAt.getTime(), cursor.id, scopeTag(scope)]);
  return Buffer.from(payload).toString("base64url");
}

export function decodeCursor(scope: string, token: string | undefined): Cursor | undefined {
  if (!token) return undefined;
  const invalid = () =>
    new ValidationError("The cursor is not valid for this list.", [
      { path: "cursor", message: "Use next_cursor from a previous page of the same list." },
    ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  // The scope tag is not a secret, so everything else in a cursor is checked as untrusted: a
  // time outside what a timestamptz and an ISO string can hold, or an id the database would
  // refuse (NUL), must not get as far as the query.
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    !Number.isSafeInteger(parsed[0]) ||
    parsed[0] < MIN_CURSOR_TIME ||
    parsed[0] > MAX_CURSOR_TIME ||
    typeof parsed[1] !== "string" ||
    parsed[1].length > 200 ||
    parsed[1].includes("\u0000") ||
    parsed[2] !== scopeTag(scope)
  ) {
    throw invalid();
  }
  return { createdAt: new Date(parsed[0]), id: parsed[1] };
}

/** `(created_at, id) < (cursor)`: a row comparison the (…, created_at desc, id desc) index serves. */
export function beforeCursor(
  createdAt: AnyColumn,
  id: AnyColumn,
  cursor: Cursor | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`;
}

/** `(created_at, id) > (cursor)`: for lists read oldest first (timelines). */
export function afterCursor(
  createdAt: AnyColumn,
  id: AnyColumn,
  cursor: Cursor | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`;
}

/**
 * ORDER BY for newest-first lists, spelled the way their `(…, created_at desc, id desc)` indexes
 * are declared. Drizzle writes `.desc()` index columns as DESC NULLS LAST, and a bare
 * `ORDER BY … DESC` means NULLS FIRST: PostgreSQL then cannot read the index in order and sorts
 * every row of the project for each page (600 ms at 1M contacts instead of 3 ms). The columns are
 * NOT NULL, so the order is the same.
 */
export function newestFirst(createdAt: AnyColumn, tiebreak: AnyColumn): SQL[] {
  return [sql`${createdAt} desc nulls last`, sql`${tiebreak} desc nulls last`];
}

/** Turns `limit + 1` fetched rows into a page. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  scope: string,
  keyOf: (row: Row) => Cursor,
  serialize: (row: Row) => Item,
): Page<Item> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    data: pageRows.map(serialize),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(scope, keyOf(last)) : null,
  };
}
