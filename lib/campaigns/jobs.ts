import { z } from "zod";
import { defineJob } from "@/lib/core/jobs/kind";

/**
 * Sends the next batches of a campaign's audience. Enqueued when a campaign starts
 * (`startDueCampaigns`, a pass of the due-work poller), when an A/B test's winner is decided
 * and on resume; handled by `runCampaignFanout` (send.ts), which re-enqueues itself until the
 * audience is done. Each batch's emails go on as `deliverEmailJob` (lib/sending/jobs.ts).
 */
export const fanOutCampaignJob = defineJob({
  name: "campaign-fanout",
  payload: z.object({ campaignId: z.string() }),
});
