import { eq } from "drizzle-orm";
import { campaigns } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError } from "@/lib/core/errors";
import { deliverEmailJob } from "@/lib/sending/jobs";
import { fanOutCampaignJob } from "./jobs";
import { releaseHeldEmails } from "../sending/hold";
import { findCampaignOrThrow } from "./internal";

/**
 * POST /v1/campaigns/:id/resume — a campaign the circuit breaker paused goes back to `sending`
 * (409 for any other status) and its fan-out continues at the saved cursor. The counters as they
 * stand become the breaker's baseline, so it judges only the sends after the resume and cannot
 * trip again at once on the ones that paused it.
 */
export async function resumeCampaign(ctx: ServiceContext, campaignId: string) {
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (tx) => {
    const { campaign, variants } = await findCampaignOrThrow(tx, ctx.projectId, campaignId, {
      forUpdate: true,
    });
    if (campaign.status !== "paused") {
      throw new ConflictError(
        `The campaign is ${campaign.status}: only a paused campaign can be resumed.`,
        "campaign_not_paused",
      );
    }
    const sum = (pick: (v: (typeof variants)[number]) => number) =>
      variants.reduce((total, v) => total + pick(v), 0);
    await tx
      .update(campaigns)
      .set({
        status: "sending",
        pausedReason: null,
        pausedAt: null,
        pauseStats: null,
        breakerBaseline: {
          sends: sum((v) => v.delivered + v.bounced + v.failed),
          bounced: sum((v) => v.bounced),
          complained: sum((v) => v.complained),
        },
        updatedAt: now,
      })
      .where(eq(campaigns.id, campaign.id));
    await ctx.jobs.enqueue(tx, fanOutCampaignJob, { campaignId: campaign.id });
    // Emails whose delivery found the campaign paused go out now.
    await releaseHeldEmails(tx, ctx.jobs, { campaignId: campaign.id });
  });
  ctx.jobs.notify(fanOutCampaignJob);
  ctx.jobs.notify(deliverEmailJob);
  return findCampaignOrThrow(ctx.db, ctx.projectId, campaignId);
}
