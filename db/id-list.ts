import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * `column = any(ids)`, the ids bound as one jsonb parameter (one statement text for any number of
 * them). For statements that join a `jsonb_to_recordset` of rows to a large table by id: the
 * planner guesses 100 rows for the function, and without statistics (autovacuum off, a young
 * table) it hash-joined them with a sequential scan of the whole table. For delivery outcomes
 * that read every email on each batch (32 ms per batch at 20,000 emails, 55 % of PostgreSQL's
 * time in bench:campaign, growing with the table). An array from an InitPlan is probed through
 * the column's index instead.
 */
export function isAnyOf(column: AnyColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`;
}
