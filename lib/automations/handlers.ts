import { handleJobs } from "@/lib/core/jobs/kind";
import type { Runtime } from "@/lib/core/runtime";
import { executeRuns } from "./execute";
import { advanceRunsJob } from "./jobs";

export const advanceRunsHandler = handleJobs(
  advanceRunsJob,
  { concurrency: 2, batchSize: 1 },
  async (runtime: Runtime, jobs) => {
    for (const job of jobs) await executeRuns(runtime, job.data.runIds);
  },
);
