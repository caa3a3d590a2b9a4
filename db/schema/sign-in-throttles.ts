import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";

/**
 * Failed sign-in counters, one row per account or client address (lib/web/auth/sign-in-throttle.ts).
 * In the database so that every web process sees the same counts. `key` is a hash: the table
 * never holds the addresses or the emails people typed (which may be passwords by mistake).
 */
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    key: text().primaryKey(),
    failures: integer().notNull().default(0),
    blockedUntil: timestampMs(),
    updatedAt: timestampMs().notNull(),
  },
  (t) => [index("sign_in_throttles_updated_idx").on(t.updatedAt)],
);
