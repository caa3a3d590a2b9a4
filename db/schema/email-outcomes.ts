import { foreignKey, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { emails } from "./emails";

/**
 * An email bounces once and is complained about once (a cc/bcc address bounces once), however
 * many reports say so: lib/emails/events.ts records an outcome event only when its row here is
 * new. A table of its own because email_events is partitioned by month, where a unique index
 * would have to include created_at; these rows stay as long as the email, whatever the event
 * retention.
 */
export const emailOutcomes = pgTable(
  "email_outcomes",
  {
    projectId: text().notNull(),
    emailId: text().notNull(),
    type: text({ enum: ["bounced", "complained", "recipient_bounced"] }).notNull(),
    // The cc/bcc address a `recipient_bounced` names (lowercased), else ''.
    recipient: text().notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.emailId, t.type, t.recipient] }),
    foreignKey({
      name: "email_outcomes_email_fk",
      columns: [t.projectId, t.emailId],
      foreignColumns: [emails.projectId, emails.id],
    }).onDelete("cascade"),
  ],
);
