import { index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestampMs } from "./columns";
import { projects } from "./projects";

/** Idempotency-Key claims for POST /v1/send, scoped per project and kept 24 hours. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    key: text().notNull(),
    // Null while the first request is still in flight; concurrent requests wait for it.
    response: jsonb().$type<Record<string, unknown>>(),
    responseStatus: text(),
    createdAt: createdAt(),
    expiresAt: timestampMs().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);
