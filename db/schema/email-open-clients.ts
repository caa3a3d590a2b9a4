import { foreignKey, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";
import { emails } from "./emails";

/**
 * When an email's pixel last counted an open for one client (a hash of address + user agent):
 * reloads within the window are not counted again (lib/tracking/open-window.ts). Rows past the
 * window are pruned as opens come in.
 */
export const emailOpenClients = pgTable(
  "email_open_clients",
  {
    projectId: text().notNull(),
    emailId: text().notNull(),
    client: text().notNull(),
    countedAt: timestampMs().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.emailId, t.client] }),
    foreignKey({
      name: "email_open_clients_email_fk",
      columns: [t.projectId, t.emailId],
      foreignColumns: [emails.projectId, emails.id],
    }).onDelete("cascade"),
    index("email_open_clients_counted_idx").on(t.countedAt),
  ],
);
