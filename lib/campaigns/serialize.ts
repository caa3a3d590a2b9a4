import { z } from "zod";
import { CAMPAIGN_STATUSES, type Campaign, type CampaignVariant } from "@/db/schema";
import { PauseResponse, serializePause } from "../breaker/serialize";
import { iso, JsonObjectResponse, Timestamp } from "@/lib/core/serialize";

const COUNTERS = [
  "recipients",
  "sent",
  "delivered",
  "failed",
  "bounced",
  "complained",
  "opened",
  "clicked",
  "unsubscribed",
] as const;

const count = z.number().int();
const rate = z.number();
/** A person's opens and clicks (DECISIONS §14): unique recipients, rates of delivered. */
const HumanEngagement = {
  human_opened: count.meta({ description: "Recipients who opened, machines left out." }),
  human_clicked: count.meta({ description: "Recipients who clicked, machines left out." }),
  human_open_rate: rate,
  human_click_rate: rate,
};
const CampaignStatsResponse = z.strictObject({
  recipients: count,
  sent: count,
  delivered: count,
  failed: count,
  bounced: count,
  complained: count,
  opened: count,
  clicked: count,
  unsubscribed: count,
  open_rate: rate,
  click_rate: rate,
  ...HumanEngagement,
  excluded: z.strictObject({ unsubscribed: count, suppressed: count }),
  variants: z.record(
    z.string(),
    z.strictObject({
      subject: z.string(),
      recipients: count,
      sent: count,
      delivered: count,
      opened: count,
      clicked: count,
      ...HumanEngagement,
    }),
  ),
});

export const CampaignResponse = z.strictObject({
  id: z.string().meta({ example: "cmp_2WxK9mQc5LtR8vZb" }),
  name: z.string(),
  subject: z.string(),
  preview_text: z.string(),
  from_name: z.string(),
  from_email: z.string(),
  target: z.enum(["all", "segment"]),
  template: z.string().nullable(),
  variables: JsonObjectResponse,
  segment: z.string().nullable(),
  topic: z.string().nullable(),
  required_notice: z.boolean(),
  status: z.enum(CAMPAIGN_STATUSES),
  paused: PauseResponse.nullable(),
  stats: CampaignStatsResponse.nullable(),
  variants: z.array(z.strictObject({ id: z.string(), subject: z.string() })),
  ab_test: z
    .strictObject({
      sample_percent: count,
      wait_hours: z.number(),
      metric: z.enum(["open_rate", "click_rate"]),
      sample_size: count.nullable(),
      decide_at: Timestamp.nullable(),
      winner: z.string().nullable(),
    })
    .nullable(),
  scheduled_at: Timestamp.nullable(),
  sent_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CampaignResource = z.infer<typeof CampaignResponse>;

/** POST /v1/campaigns/:id/send: the campaign, and what happened inline (no worker) or `queued`. */
export const CampaignSendResponse = CampaignResponse.extend({
  queued: z.union([z.literal(true), count]),
  sent: count.optional(),
  failed: count.optional(),
});

/**
 * Campaign `stats` (DECISIONS §4), from the per-variant counters the fan-out and the email
 * events keep: null on a draft; opened/clicked count unique recipients, and their human_ forms
 * those whose open or click was a person's (DECISIONS §14); rates are fractions of delivered,
 * a variant's of its own. `excluded` says who the audience left out and why.
 */
export function campaignStats(
  campaign: Campaign,
  variants: CampaignVariant[],
): z.infer<typeof CampaignStatsResponse> | null {
  if (campaign.status === "draft") return null;
  const sum = (key: (typeof COUNTERS)[number] | "humanOpened" | "humanClicked") =>
    variants.reduce((total, v) => total + v[key], 0);
  const totals = Object.fromEntries(COUNTERS.map((key) => [key, sum(key)])) as Record<
    (typeof COUNTERS)[number],
    number
  >;
  return {
    ...totals,
    open_rate: rateOf(totals.opened, totals.delivered),
    click_rate: rateOf(totals.clicked, totals.delivered),
    ...humanEngagement({
      delivered: totals.delivered,
      humanOpened: sum("humanOpened"),
      humanClicked: sum("humanClicked"),
    }),
    excluded: {
      unsubscribed: campaign.excludedUnsubscribed,
      suppressed: campaign.excludedSuppressed,
    },
    variants: Object.fromEntries(
      variants.map((v) => [
        v.key,
        {
          subject: v.subject,
          recipients: v.recipients,
          sent: v.sent,
          delivered: v.delivered,
          opened: v.opened,
          clicked: v.clicked,
          ...humanEngagement(v),
        },
      ]),
    ),
  };
}

/** A fraction of delivered, to 4 decimals; 0 before anything was delivered. */
function rateOf(n: number, delivered: number): number {
  return delivered > 0 ? Number((n / delivered).toFixed(4)) : 0;
}

function humanEngagement(c: { delivered: number; humanOpened: number; humanClicked: number }) {
  return {
    human_opened: c.humanOpened,
    human_clicked: c.humanClicked,
    human_open_rate: rateOf(c.humanOpened, c.delivered),
    human_click_rate: rateOf(c.humanClicked, c.delivered),
  };
}

export function serializeCampaign(
  campaign: Campaign,
  variants: CampaignVariant[],
): CampaignResource {
  return {
    id: campaign.id,
    name: campaign.name,
    subject: campaign.subject,
    preview_text: campaign.previewText,
    from_name: campaign.fromName,
    from_email: campaign.fromEmail,
    target: campaign.target,
    template: campaign.templateId,
    // Values for the template's placeholders, the same for every recipient (contact fields win).
    variables: campaign.variables,
    segment: campaign.segmentId,
    // The topic it is about (DECISIONS §13): contacts opted out of it are not in the audience.
    topic: campaign.topicId,
    required_notice: campaign.requiredNotice,
    status: campaign.status,
    // Why the deliverability circuit breaker paused it (status `paused`), else null.
    paused: campaign.status === "paused" ? serializePause(campaign) : null,
    stats: campaignStats(campaign, variants),
    variants: variants.filter((v) => v.key !== "A").map((v) => ({ id: v.key, subject: v.subject })),
    ab_test: campaign.abSamplePercent
      ? {
          sample_percent: campaign.abSamplePercent,
          wait_hours: (campaign.abWaitMinutes ?? 60) / 60,
          metric: campaign.abMetric ?? "open_rate",
          sample_size: campaign.abSampleSize,
          decide_at: iso(campaign.abDecideAt),
          winner: campaign.abWinner,
        }
      : null,
    scheduled_at: iso(campaign.scheduledAt),
    sent_at: iso(campaign.sentAt),
    created_at: iso(campaign.createdAt),
    updated_at: iso(campaign.updatedAt),
  };
}
