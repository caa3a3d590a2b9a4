import { index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, timestampMs } from "./columns";
import { projectForeignKey } from "./projects";
import { users } from "./users";

/**
 * An invitation to join a project (Settings → Members). The link's token is shown once; only its
 * SHA-256 is stored. Pending while not accepted, not revoked and not expired.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    email: text().notNull(),
    role: text({ enum: ["admin", "member"] }).notNull(),
    tokenHash: text().notNull(),
    invitedBy: text().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestampMs().notNull(),
    acceptedAt: timestampMs(),
    revokedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // The invitation link carries only the token, so it is looked up without a project (on Citus,
    // on every shard): random, so unique by construction; the key includes project_id.
    uniqueIndex("invitations_token_hash_key").on(t.projectId, t.tokenHash),
    index("invitations_token_hash_idx").on(t.tokenHash),
    index("invitations_project_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type Invitation = typeof invitations.$inferSelect;
