import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";

/**
 * "Contains" search for list filters (contacts by email or name, emails by recipient): a free
 * text fragment matched case-insensitively anywhere in a column, served by a trigram (pg_trgm)
 * GIN index on that column. An empty or blank term means no filter.
 */
export const SearchTerm = z
  .string({ error: "must be a string" })
  .trim()
  .max(200, "must be at most 200 characters")
  .optional()
  .transform((v) => (v ? v : undefined));

/** `%term%` with LIKE's own wildcards escaped, so "50%" or "a_b" match themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column ILIKE '%term%'` for any of the columns. */
export function columnsContain(columns: AnyColumn[], term: string): SQL {
  const pattern = containsPattern(term);
  const parts = columns.map((column) => sql`${column} ilike ${pattern}`);
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}
