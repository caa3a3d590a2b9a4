import { hasSqlState } from "@/db/sql-state";

/**
 * Whether a database error is a unique-index violation (SQLSTATE 23505), as postgres.js throws it
 * or as Drizzle wraps it (`cause`): the index decided a race, and the caller answers its 409.
 */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, "23505");
}
