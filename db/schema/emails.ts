import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, timestampMs, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

export const EMAIL_STATUSES = [
  // Accepted with a future `scheduled_at`: its delivery job starts then (lib/sending/scheduled.ts).
  "scheduled",
  // A scheduled email cancelled before its time: final.
  "canceled",
  "queued",
  "sent",
  "delivered",
  "bounced",
  "failed",
  "complained",
] as const;
export const EMAIL_TYPES = ["transactional", "campaign", "automation"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export type EmailType = (typeof EMAIL_TYPES)[number];

export type StoredAttachment = { filename: string; content: string; contentType?: string };
/** A send's `tags` (Resend's shape), echoed on the email and in its webhooks. */
export type EmailTag = { name: string; value: string };

export const emails = pgTable(
  "emails",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    type: text({ enum: EMAIL_TYPES }).notNull(),
    status: text({ enum: EMAIL_STATUSES }).notNull().default("queued"),
    mode: text({ enum: ["live", "test"] })
      .notNull()
      .default("live"),
    fromAddress: text().notNull(),
    to: text().notNull(),
    cc: text().array().notNull().default([]),
    bcc: text().array().notNull().default([]),
    replyTo: text().array().notNull().default([]),
    subject: text().notNull(),
    html: text(),
    text: text(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb().$type<StoredAttachment[]>().notNull().default([]),
    tags: jsonb().$type<EmailTag[]>().notNull().default([]),
    // When a `scheduled` email is due (its delivery job starts then).
    scheduledAt: timestampMs(),
    templateId: text(),
    contactId: text(),
    campaignId: text(),
    // A, B, C or D: the campaign variant this email carries (its stats counter).
    campaignVariant: text(),
    automationRunId: text(),
    // The automation of that run, kept on the email so the log filters by it through an index.
    automationId: text(),
    messageId: text(),
    // The message submitted over SMTP it was built from (submitted_messages): delivery sends
    // those bytes instead of composing from subject, html and text.
    submissionId: text(),
    // A template-built email's body is rendered from its content (email_contents, stored once
    // for all its emails) and these values of its recipient, instead of stored in `html` and
    // `text` (lib/templates/stored-content.ts). `text` is still stored when the send gave its own.
    contentId: text(),
    variables: jsonb().$type<Record<string, unknown>>(),
    // When the retention pass removed its html, text and attachments (lib/emails/retention.ts).
    contentRemovedAt: timestampMs(),
    // Random token that names this email in tracking URLs.
    trackingToken: text().notNull(),
    // Names the email in its unsubscribe link (marketing mail only): a different secret from the
    // tracking token, so a pixel or click URL cannot unsubscribe anybody.
    unsubscribeToken: text(),
    // The topic its campaign or automation step is about: its one-click unsubscribe leaves that.
    topicId: text(),
    // Sent as a campaign's required notice (to unsubscribed and opted-out contacts too).
    requiredNotice: boolean().notNull().default(false),
    opens: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    // Opens and clicks that were a person's, not a proxy's prefetch or a scanner (DECISIONS §14).
    humanOpens: integer().notNull().default(0),
    humanClicks: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestampMs(),
    // Its delivery job found its campaign or automation paused by the circuit breaker: it waits,
    // and resuming hands it to delivery again (lib/sending/hold.ts).
    heldAt: timestampMs(),
    // Its delivery claim, while a worker hands it to the relay, is a row of delivery_claims.
    // Parked, not failing: the receiver (or the relay) asked us to slow down, or the sending
    // domain's warm-up cap for the day is reached; a delivery job is queued for its slot
    // (lib/sending/pacing.ts). `waitingOn` names whom it waits on, `waitingReason` says why.
    waitingOn: text(),
    waitingReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    index("emails_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index("emails_project_status_created_idx").on(
      t.projectId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("emails_project_type_created_idx").on(
      t.projectId,
      t.type,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Tracking and unsubscribe links carry only their token, so they are looked up without a
    // project (on Citus, on every shard). Unique by construction (131 random bits after the
    // time, lib/tracking/token.ts), and not declared so: unique keys on (project_id, token)
    // were checked on every insert and on every outcome's new row version, 28 % of PostgreSQL's
    // CPU an email in bench:campaign (docs/decisions/0063).
    index("emails_tracking_token_idx").on(t.trackingToken),
    index("emails_unsubscribe_token_idx").on(t.unsubscribeToken),
    // Delivery jobs and provider callbacks load an email by its id alone.
    index("emails_id_idx").on(t.id),
    // Partial where the column is often null (each index a row skips is a write saved on insert
    // and on every rewrite of the row); lookups by a value imply `is not null`, so they use them.
    index("emails_message_id_idx")
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    // A campaign's emails, and (with status) the report's in-flight count without reading every
    // row of a large campaign (lib/web/dashboard/campaign-delivery.ts).
    index("emails_campaign_status_idx")
      .on(t.campaignId, t.status)
      .where(sql`${t.campaignId} is not null`),
    // Segment engagement rules and the contact timeline: a contact's emails by address, newest first.
    index("emails_project_to_created_idx").on(t.projectId, t.to, t.createdAt.desc(), t.id.desc()),
    // The Emails log's filters: by campaign, by automation (newest first), by part of the address.
    index("emails_project_campaign_created_idx")
      .on(t.projectId, t.campaignId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.campaignId} is not null`),
    index("emails_project_automation_created_idx")
      .on(t.projectId, t.automationId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.automationId} is not null`),
    // GET /v1/emails?contact_id=…: a contact's emails, newest first.
    index("emails_project_contact_created_idx").on(
      t.projectId,
      t.contactId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("emails_to_trgm_idx").using("gin", t.to.op("gin_trgm_ops")),
    // The retention pass: a project's emails whose content is still kept, oldest first.
    index("emails_content_kept_idx")
      .on(t.projectId, t.createdAt)
      .where(sql`${t.contentRemovedAt} is null`),
    // The campaign report's "waiting on receivers" (lib/campaigns/report/waiting.ts).
    index("emails_campaign_waiting_idx")
      .on(t.campaignId, t.waitingOn)
      .where(sql`${t.waitingOn} is not null`),
    // A submitted message is removed once none of its emails keeps content.
    index("emails_submission_idx")
      .on(t.submissionId)
      .where(sql`${t.submissionId} is not null`),
  ],
);

/**
 * An email's timeline. Range-partitioned by month of created_at like `events` (migration
 * 0035_partition_events), hence the primary key with created_at. "An email bounces once" cannot
 * be a unique index here (on a partitioned table it would have to include created_at):
 * `email_outcomes` holds it.
 */
export const emailEvents = pgTable(
  "email_events",
  {
    id: text().notNull(),
    projectId: text().notNull(),
    emailId: text().notNull(),
    type: text().notNull(), // queued, sent, delivered, bounced, failed, complained, opened, clicked, deferred
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id, t.createdAt] }),
    foreignKey({
      name: "email_events_email_fk",
      columns: [t.projectId, t.emailId],
      foreignColumns: [emails.projectId, emails.id],
    }).onDelete("cascade"),
    index("email_events_email_created_idx").on(t.emailId, t.createdAt, t.id),
    // A campaign report's clicks per link: only the click events of its emails, not all events.
    index("email_events_clicked_idx")
      .on(t.emailId)
      .where(sql`${t.type} = 'clicked'`),
    // The retention pass's per-project batches (lib/events/retention.ts).
    index("email_events_project_created_idx").on(t.projectId, t.createdAt),
  ],
);

export type Email = typeof emails.$inferSelect;
export type EmailEvent = typeof emailEvents.$inferSelect;
