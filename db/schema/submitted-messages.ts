import { index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { bytea, createdAt, rowIdColumn } from "./columns";
import { projectForeignKey } from "./projects";

/**
 * A message an app handed to the SMTP submission relay (DECISIONS §16), kept as submitted (less
 * its Bcc and Idempotency-Key headers): each envelope recipient's email points at it, and
 * delivery sends these bytes with only the headers the sending rules change, so attachments,
 * inline images and alternative parts arrive as the app built them. One copy per message, not
 * per recipient.
 */
export const submittedMessages = pgTable(
  "submitted_messages",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    raw: bytea().notNull(),
    size: integer().notNull(),
    createdAt: createdAt(),
  },
  // A project's messages by age: what a retention pass removes.
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    index("submitted_messages_project_created_idx").on(t.projectId, t.createdAt),
  ],
);

export type SubmittedMessage = typeof submittedMessages.$inferSelect;
