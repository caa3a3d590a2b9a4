import { index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, timestampMs } from "./columns";
import { projectForeignKey } from "./projects";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    name: text().notNull(),
    mode: text({ enum: ["live", "test"] }).notNull(),
    // DECISIONS §12: `sending` keys may only send and read emails; keys made before are full.
    permission: text({ enum: ["full", "sending"] })
      .notNull()
      .default("full"),
    // Only the SHA-256 of the secret is stored; `hint` is the first characters, for display.
    keyHash: text().notNull(),
    hint: text().notNull(),
    lastUsedAt: timestampMs(),
    revokedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // A request carries only the key, so it is looked up without a project (on Citus, on every
    // shard): random, so unique by construction; the key includes project_id.
    uniqueIndex("api_keys_hash_key").on(t.projectId, t.keyHash),
    index("api_keys_key_hash_idx").on(t.keyHash),
    index("api_keys_project_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
