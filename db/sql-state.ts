/**
 * Whether a database error carries this SQLSTATE, as postgres.js (or PGlite) throws it or as
 * Drizzle wraps it ("Failed query: …", the driver's error kept as its `cause`).
 */
export function hasSqlState(error: unknown, state: string): boolean {
  const e = (error as { code?: unknown; cause?: { code?: unknown } } | null) ?? null;
  return e?.code === state || e?.cause?.code === state;
}
