/**
 * Whether a database error says the server could not be reached or went away (a restart, a
 * failover, a dropped connection) rather than that the statement was wrong: the same write
 * succeeds once the server is back. postgres.js names its own connection failures; the server
 * says so with SQLSTATE class 08 (connection exception) or 57P01–57P03 (shutting down, starting).
 */
export function isTransientDatabaseError(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error && isTransientDatabaseError(cause)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return (
    code.startsWith("08") ||
    ["57P01", "57P02", "57P03", "40001", "40P01"].includes(code) ||
    [
      "CONNECTION_CLOSED",
      "CONNECTION_ENDED",
      "CONNECTION_DESTROYED",
      "CONNECT_TIMEOUT",
      "ECONNREFUSED",
      "ECONNRESET",
      "EPIPE",
      "ETIMEDOUT",
    ].includes(code)
  );
}
