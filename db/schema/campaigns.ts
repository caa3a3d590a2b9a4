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
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, timestampMs, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

/** What the circuit breaker saw when it paused a campaign or an automation (rates: fractions). */
export type BreakerTrip = {
  bounceRate: number;
  complaintRate: number;
  sends: number;
  /** The threshold passed, in percent. */
  threshold: number;
};

export const CAMPAIGN_STATUSES = ["draft", "queued", "sending", "paused", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaigns = pgTable(
  "campaigns",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    name: text().notNull(),
    subject: text().notNull(),
    previewText: text().notNull().default(""),
    fromName: text().notNull(),
    fromEmail: text().notNull(),
    target: text({ enum: ["all", "segment"] })
      .notNull()
      .default("all"),
    templateId: text(),
    /**
     * Values for the template's placeholders that are the same for every recipient (a newsletter's
     * `{{data.issue_title}}`), as POST /v1/send's `variables`. The contact's fields win over them.
     */
    variables: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    segmentId: text(),
    // The topic it is about (DECISIONS §13): contacts opted out of it are not in the audience.
    topicId: text(),
    // A notice every contact must get (terms, security): reaches unsubscribed and opted-out
    // contacts too, never suppressed ones, and carries no List-Unsubscribe.
    requiredNotice: boolean().notNull().default(false),
    status: text({ enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    scheduledAt: timestampMs(),
    startedAt: timestampMs(),
    sentAt: timestampMs(),
    // Keyset position of the audience fan-out, so a restart resumes where it stopped.
    fanoutCursor: text(),
    // A/B test with an automatic winner: variants go to a sample of the audience; after the wait
    // the variant with the best metric goes to the rest.
    abSamplePercent: integer(),
    abWaitMinutes: integer(),
    abMetric: text({ enum: ["open_rate", "click_rate"] }),
    abSampleSize: integer(),
    abDecideAt: timestampMs(),
    abWinner: text(),
    excludedUnsubscribed: integer().notNull().default(0),
    excludedSuppressed: integer().notNull().default(0),
    // Set by the deliverability circuit breaker (status `paused`): "bounce_rate" or "complaint_rate".
    pausedReason: text({ enum: ["bounce_rate", "complaint_rate"] }),
    pausedAt: timestampMs(),
    pauseStats: jsonb().$type<BreakerTrip>(),
    // The counters at the last resume: the breaker judges only the sends after it.
    breakerBaseline: jsonb().$type<BreakerBaseline>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // The fan-out, A/B and report jobs load a campaign by its id alone.
    index("campaigns_id_idx").on(t.id),
    index("campaigns_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index("campaigns_ab_decide_idx")
      .on(t.abDecideAt)
      .where(sql`${t.abDecideAt} is not null and ${t.abWinner} is null`),
    index("campaigns_project_status_created_idx").on(
      t.projectId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/** Summed variant counters when a paused campaign was resumed. */
export type BreakerBaseline = { sends: number; bounced: number; complained: number };

/** Variant A is the campaign's own subject; B, C, D are alternates. Counters live here. */
export const campaignVariants = pgTable(
  "campaign_variants",
  {
    projectId: text().notNull(),
    campaignId: text().notNull(),
    key: text({ enum: ["A", "B", "C", "D"] }).notNull(),
    subject: text().notNull(),
    recipients: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    delivered: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    bounced: integer().notNull().default(0),
    complained: integer().notNull().default(0),
    opened: integer().notNull().default(0),
    clicked: integer().notNull().default(0),
    // Unique recipients whose open or click was a person's (DECISIONS §14), beside all of them.
    humanOpened: integer().notNull().default(0),
    humanClicked: integer().notNull().default(0),
    unsubscribed: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.campaignId, t.key] }),
    // Counters and the fan-out find a campaign's variants by its id alone (ids are unique): with
    // only the key, project first, each counter update read every variant of every campaign.
    index("campaign_variants_campaign_idx").on(t.campaignId, t.key),
    foreignKey({
      name: "campaign_variants_campaign_fk",
      columns: [t.projectId, t.campaignId],
      foreignColumns: [campaigns.projectId, campaigns.id],
    }).onDelete("cascade"),
  ],
);

export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: rowIdColumn(),
    projectId: text().notNull(),
    campaignId: text().notNull(),
    contactId: text().notNull(),
    variant: text().notNull(),
    emailId: text(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    firstOpenedAt: timestampMs(),
    firstClickedAt: timestampMs(),
    firstHumanOpenedAt: timestampMs(),
    firstHumanClickedAt: timestampMs(),
    /**
     * When the recipient first unsubscribed through this campaign's email: the variant's
     * `unsubscribed` counter moves only when this is set, so each person counts once.
     */
    unsubscribedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // One recipient row per (campaign, contact): a resumed fan-out cannot send twice.
    uniqueIndex("campaign_recipients_campaign_contact_key").on(
      t.projectId,
      t.campaignId,
      t.contactId,
    ),
    foreignKey({
      name: "campaign_recipients_campaign_fk",
      columns: [t.projectId, t.campaignId],
      foreignColumns: [campaigns.projectId, campaigns.id],
    }).onDelete("cascade"),
    // The report's "who opened" and "who clicked" lists, newest first (keyset).
    index("campaign_recipients_opened_idx")
      .on(t.campaignId, t.firstOpenedAt.desc(), t.id.desc())
      .where(sql`${t.firstOpenedAt} is not null`),
    index("campaign_recipients_clicked_idx")
      .on(t.campaignId, t.firstClickedAt.desc(), t.id.desc())
      .where(sql`${t.firstClickedAt} is not null`),
    // The report's "resubscribed since" reads only the campaign's unsubscribed recipients.
    index("campaign_recipients_unsubscribed_idx")
      .on(t.campaignId)
      .where(sql`${t.unsubscribedAt} is not null`),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;
export type CampaignVariant = typeof campaignVariants.$inferSelect;
export type CampaignRecipient = typeof campaignRecipients.$inferSelect;
