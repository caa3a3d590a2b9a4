import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, rowIdColumn, timestampMs } from "./columns";
import { domains } from "./domains";
import { emails } from "./emails";
import { projectForeignKey } from "./projects";

/**
 * A message the inbound receiver accepted for an address at a receiving domain (DECISIONS §16,
 * docs/decisions/0052). Kept like sent email: its content for the project's retention days
 * (Settings → General), the rest until it or its project is deleted.
 */
export const receivedEmails = pgTable(
  "received_emails",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    /** The receiving domain it came in for; null once that domain is deleted. */
    domainId: text(),
    /** The From header as written (`Jane <jane@example.com>`). */
    from: text().notNull(),
    to: jsonb().$type<string[]>().notNull(),
    cc: jsonb().$type<string[]>().notNull(),
    /** The envelope's recipients at this project's receiving domains (Bcc included). */
    envelopeTo: jsonb().$type<string[]>().notNull(),
    subject: text().notNull(),
    text: text(),
    html: text(),
    /** Lower-cased header names; a header given several times has its values joined by "\n". */
    headers: jsonb().$type<Record<string, string>>().notNull(),
    messageId: text(),
    /**
     * The Message-ID, else a digest of the bytes: a sender that retries after a 4xx sends the
     * same message again, and it is stored once per project.
     */
    fingerprint: text().notNull(),
    /** The sent email its In-Reply-To names (emails.message_id), in the same project. */
    inReplyToEmailId: text(),
    /** The message's size as received: what counts against INBOUND_MAX_STORED_BYTES_PER_PROJECT. */
    size: integer().notNull(),
    /**
     * When the retention pass removed its text, HTML and attachments (lib/emails/retention.ts);
     * from then on its size no longer counts against the project's storage.
     */
    contentRemovedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // ON DELETE SET NULL (column) in the migration: a plain SET NULL would null project_id too.
    foreignKey({
      name: "received_emails_domain_fk",
      columns: [t.projectId, t.domainId],
      foreignColumns: [domains.projectId, domains.id],
    }).onDelete("set null"),
    foreignKey({
      name: "received_emails_in_reply_to_fk",
      columns: [t.projectId, t.inReplyToEmailId],
      foreignColumns: [emails.projectId, emails.id],
    }).onDelete("set null"),
    // The retention pass (oldest first) and the storage a project uses (an index-only sum).
    index("received_emails_content_kept_idx")
      .on(t.projectId, t.createdAt, t.size)
      .where(sql`${t.contentRemovedAt} is null`),
    index("received_emails_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("received_emails_project_fingerprint_key").on(t.projectId, t.fingerprint),
    // "Replies" on a sent email's page, newest first (email ids are unique across projects).
    index("received_emails_reply_idx").on(t.inReplyToEmailId, t.createdAt.desc()),
  ],
);

/** A received message's attachments, their bytes in the database as media's are. */
export const receivedEmailAttachments = pgTable(
  "received_email_attachments",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    receivedEmailId: text().notNull(),
    /** Its order in the message. */
    position: integer().notNull(),
    filename: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    foreignKey({
      name: "received_email_attachments_email_fk",
      columns: [t.projectId, t.receivedEmailId],
      foreignColumns: [receivedEmails.projectId, receivedEmails.id],
    }).onDelete("cascade"),
    index("received_email_attachments_email_idx").on(t.receivedEmailId, t.position),
  ],
);

export type ReceivedEmail = typeof receivedEmails.$inferSelect;
export type ReceivedEmailAttachment = typeof receivedEmailAttachments.$inferSelect;
