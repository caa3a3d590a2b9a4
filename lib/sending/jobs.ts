import { z } from "zod";
import { defineJob } from "@/lib/core/jobs/kind";

/**
 * Emails recorded in one transaction (a campaign batch, an automation batch) are delivered by
 * jobs of this many: a 1M-recipient campaign is 100,000 queue rows to write, fetch and complete,
 * not a million.
 */
export const EMAILS_PER_DELIVERY_JOB = 10;

/**
 * Delivers emails already recorded (lib/sending/record.ts enqueues it in the recording
 * transaction). Handled by `deliverEmailBatch` (deliver.ts). Emails recorded together share a
 * job; `emailId` is the shape of jobs written by older versions.
 */
export const deliverEmailJob = defineJob({
  name: "email-deliver",
  payload: z.object({
    emailIds: z.array(z.string()).optional(),
    emailId: z.string().optional(),
    // Emails parked for a pacing slot they already took (pacing.ts): they go without another.
    paced: z.boolean().optional(),
  }),
});

/**
 * A project can deliver now (relays saved): its `queued` mail goes out. Handled by
 * `releaseQueuedEmails` (sweep.ts).
 */
export const releaseQueuedJob = defineJob({
  name: "delivery-release",
  payload: z.object({ projectId: z.string() }),
});
