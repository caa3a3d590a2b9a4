import { z } from "zod";
import { defineJob } from "@/lib/core/jobs/kind";

/**
 * Bounces and complaints just recorded (enqueued by `recordEmailEvents` in events.ts): they may
 * trip the circuit breaker of their campaign or automation. Handled by `judgeBreakers` in
 * lib/deliverability — a domain above this one (the breaker pauses what sends through
 * lib/sending, which records events here), hence a job and not a call.
 */
export const judgeBreakersJob = defineJob({
  name: "breaker-check",
  payload: z.object({
    events: z.array(
      z.object({
        emailId: z.string(),
        campaignId: z.string().nullable(),
        type: z.string(),
        now: z.string(),
      }),
    ),
  }),
});
export type JudgedEvent = z.infer<typeof judgeBreakersJob.payload>["events"][number];
