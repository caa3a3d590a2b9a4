import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { getCampaign } from "../manage";
import { serializeCampaign, type CampaignResource } from "../serialize";
import { countCampaignRecipients } from "../audience";
import { campaignActivity, type ActivityBucket } from "./activity";
import { campaignDelivery, type CampaignDelivery } from "./delivery";
import { resubscribedSince } from "./unsubscribes";

export type CampaignReport = {
  campaign: CampaignResource;
  activity: ActivityBucket[];
  /**
   * Before and during the fan-out: how many contacts the audience reaches now, the size the
   * progress is measured against. Null once sent (the stats say how many it reached) or when
   * the segment is gone.
   */
  expected: number | null;
  /**
   * Once the fan-out began (sending, paused, sent): how many of its emails are still in flight.
   * Status `sent` only says every recipient has an email; the page says "Sent" once none is left.
   */
  delivery: CampaignDelivery | null;
  /** Of the campaign's unsubscribed people, how many are subscribed again now. */
  resubscribedSince: number;
  /** The server's clock, so "scheduled" and relative times agree with what the worker sees. */
  now: string;
};

/** What the page of a campaign that left the draft state shows, for the page and its poll. */
export async function campaignReport(
  ctx: ServiceContext,
  campaignId: string,
): Promise<CampaignReport> {
  const { campaign, variants } = await getCampaign(ctx, campaignId);
  const underway =
    campaign.status === "queued" || campaign.status === "sending" || campaign.status === "paused";
  const fannedOut =
    campaign.status === "sending" || campaign.status === "paused" || campaign.status === "sent";
  const [activity, expected, delivery, resubscribed] = await Promise.all([
    campaign.status === "draft" ? [] : campaignActivity(ctx, campaign.id),
    underway
      ? countCampaignRecipients(ctx, {
          target: campaign.target,
          segment: campaign.segmentId,
          topic: campaign.topicId,
          required_notice: campaign.requiredNotice,
        }).catch((error: unknown) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        })
      : null,
    fannedOut ? campaignDelivery(ctx, campaign.id) : null,
    resubscribedSince(ctx, campaign.id),
  ]);
  return {
    campaign: serializeCampaign(campaign, variants),
    activity,
    expected,
    delivery,
    resubscribedSince: resubscribed,
    now: ctx.clock.now().toISOString(),
  };
}
