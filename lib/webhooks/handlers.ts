import { handleJobs } from "@/lib/core/jobs/kind";
import type { Runtime } from "@/lib/core/runtime";
import { deliverWebhookBatch } from "./deliver";
import { deliverWebhookJob } from "./jobs";

export const deliverWebhookHandler = handleJobs(
  deliverWebhookJob,
  { concurrency: 2, batchSize: 10 },
  (runtime: Runtime, jobs) => deliverWebhookBatch(runtime, jobs),
);
