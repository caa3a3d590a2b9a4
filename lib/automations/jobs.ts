import { z } from "zod";
import { defineJob } from "@/lib/core/jobs/kind";

/**
 * Advances the runs the dispatcher found due (dispatch.ts enqueues it, a pass of the due-work
 * poller). Handled by `executeRuns` (execute.ts).
 */
export const advanceRunsJob = defineJob({
  name: "automation-advance",
  payload: z.object({ runIds: z.array(z.string()) }),
});
