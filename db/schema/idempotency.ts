import { index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestampMs } from "./columns";
import { projectForeignKey } from "./projects";

/**
 * Idempotency-Key claims for POST /v1/send and /v1/send/batch, scoped per project and key mode
 * (a test key's claim never answers a live request) and kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    projectId: projectForeignKey(),
    mode: text({ enum: ["live", "test"] }).notNull(),
    key: text().notNull(),
    // sha256 of the route and the parsed request: a key reused for another request is refused.
    // Null only on claims made before it was recorded (they replay without comparing).
    requestHash: text(),
    // Null while the first request is still in flight; concurrent requests wait for it.
    response: jsonb().$type<Record<string, unknown>>(),
    responseStatus: text(),
    createdAt: createdAt(),
    expiresAt: timestampMs().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.mode, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);
