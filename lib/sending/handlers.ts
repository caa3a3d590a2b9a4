import { handleJobs } from "@/lib/core/jobs/kind";
import type { Runtime } from "@/lib/core/runtime";
import { deliverEmailBatch } from "./deliver";
import { deliverEmailJob, releaseQueuedJob } from "./jobs";
import { releaseQueuedEmails } from "./sweep";

/**
 * At most 10 jobs × EMAILS_PER_DELIVERY_JOB emails per handler. Its emails are claimed for
 * JOB_LEASE_SECONDS, renewed while it works (claims.ts): a queue lease that lapses under a slow
 * relay hands the job to another worker, which finds them claimed.
 */
export const deliverEmailHandler = handleJobs(
  deliverEmailJob,
  { concurrency: 2, batchSize: 50 },
  (runtime: Runtime, jobs) => deliverEmailBatch(runtime, jobs),
);

export const releaseQueuedHandler = handleJobs(
  releaseQueuedJob,
  { concurrency: 1, batchSize: 1 },
  async (runtime: Runtime, jobs) => {
    for (const job of jobs) await releaseQueuedEmails(runtime, { projectId: job.data.projectId });
  },
);
