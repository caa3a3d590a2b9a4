import { index, pgTable, text } from "drizzle-orm/pg-core";
import { idColumn, timestampMs } from "./columns";
import { users } from "./users";

/**
 * A signed-in dashboard browser (lib/users/sessions.ts). The session cookie carries this row's
 * id; deleting the row ends the session at once, whatever the cookie says. `expires_at` moves
 * forward while the session is used, as the cookie's expiry does.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** As the browser sent it at sign-in (trimmed), to tell a user's sessions apart. */
    userAgent: text(),
    ipAddress: text(),
    createdAt: timestampMs().notNull(),
    lastSeenAt: timestampMs().notNull(),
    expiresAt: timestampMs().notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export type Session = typeof sessions.$inferSelect;
