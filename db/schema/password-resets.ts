import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, timestampMs } from "./columns";
import { users } from "./users";

/**
 * A "forgot password" link (lib/users/password-reset.ts). The token is emailed once; only its
 * SHA-256 is stored. Usable while not used, not revoked (a newer request or a new password
 * revokes it) and not expired. Rows also count recent requests, so one inbox is not flooded.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestampMs().notNull(),
    usedAt: timestampMs(),
    revokedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_resets_token_hash_key").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId, t.createdAt),
  ],
);

export type PasswordReset = typeof passwordResets.$inferSelect;
