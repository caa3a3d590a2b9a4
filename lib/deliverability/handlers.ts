import { handleJobs } from "@/lib/core/jobs/kind";
import type { Runtime } from "@/lib/core/runtime";
import { judgeBreakersJob } from "@/lib/emails/jobs";
import { judgeBreakers } from "./check-breakers";

export const judgeBreakersHandler = handleJobs(
  judgeBreakersJob,
  { concurrency: 1, batchSize: 10 },
  async (runtime: Runtime, jobs) => {
    for (const job of jobs) await judgeBreakers(runtime, job.data.events);
  },
);
