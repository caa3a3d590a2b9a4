import { handleJobs } from "@/lib/core/jobs/kind";
import type { Runtime } from "@/lib/core/runtime";
import { importContactsJob } from "./jobs";
import { failContactImport, processContactImport } from "./process";

export const importContactsHandler = handleJobs(
  importContactsJob,
  { concurrency: 1, batchSize: 1 },
  async (runtime: Runtime, jobs) => {
    for (const job of jobs) {
      try {
        await processContactImport(runtime, job.data.importId);
      } catch (error) {
        // The last retry: say so on the import instead of leaving it "running" for ever.
        if (job.retryCount >= job.retryLimit)
          await failContactImport(runtime, job.data.importId, error);
        throw error;
      }
    }
  },
);
