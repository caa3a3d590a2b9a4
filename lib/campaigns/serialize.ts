import type { Campaign, CampaignVariant } from "@/db/schema";
import { serializePause } from "../breaker/serialize";
import { iso } from "../serialize";

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

/**
 * Campaign `stats` (DECISIONS §4), from the per-variant counters the fan-out and the email
 * events keep: null on a draft; opened/clicked count unique recipients; rates are fractions of
 * delivered. `excluded` says who the audience left out and why.
 */
export function campaignStats(campaign: Campaign, variants: CampaignVariant[]) {
  if (campaign.status === "draft") return null;
  const totals = Object.fromEntries(
    COUNTERS.map((key) => [key, variants.reduce((sum, v) => sum + v[key], 0)]),
  ) as Record<(typeof COUNTERS)[number], number>;
  const rate = (n: number) =>
    totals.delivered > 0 ? Number((n / totals.delivered).toFixed(4)) : 0;
  return {
    ...totals,
    open_rate: rate(totals.opened),
    click_rate: rate(totals.clicked),
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
        },
      ]),
    ),
  };
}

export function serializeCampaign(campaign: Campaign, variants: CampaignVariant[]) {
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
export type CampaignResource = ReturnType<typeof serializeCampaign>;
