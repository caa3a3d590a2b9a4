import { handleJobs } from "@/lib/core/jobs/kind";
import type { Runtime } from "@/lib/core/runtime";
import { fanOutCampaignJob } from "./jobs";
import { runCampaignFanout } from "./send";

export const fanOutCampaignHandler = handleJobs(
  fanOutCampaignJob,
  { concurrency: 1, batchSize: 1 },
  async (runtime: Runtime, jobs) => {
    for (const job of jobs) await runCampaignFanout(runtime, job.data.campaignId);
  },
);
