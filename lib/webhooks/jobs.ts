import { z } from "zod";
import type { Executor } from "@/db";
import type { WebhookDelivery } from "@/db/schema";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { defineJob } from "@/lib/core/jobs/kind";
import { PRIORITY } from "@/lib/core/jobs/priority";

/**
 * What a webhook job carries beyond `deliveryId`. `attempt` and `due` make scheduled jobs
 * tickets: a job acts only while the delivery still waits for exactly that attempt at that time,
 * so a job pg-boss hands out twice cannot send twice. The first job (lib/webhooks/enqueue.ts)
 * carries neither: it is attempt 1, due at the delivery's creation. `replay` marks a manual
 * re-send, which is a single extra attempt outside the schedule.
 */
export const WebhookJobData = z.object({
  deliveryId: z.string(),
  attempt: z.number().int().min(1).optional(),
  due: z.iso.datetime().optional(),
  replay: z.boolean().optional(),
});
export type WebhookJobData = z.infer<typeof WebhookJobData>;

/**
 * One attempt at a webhook delivery: enqueued with the delivery (enqueue.ts), for each
 * scheduled retry and for a replay; handled by `deliverWebhookBatch` (deliver.ts).
 */
export const deliverWebhookJob = defineJob({ name: "webhook-deliver", payload: WebhookJobData });

export async function enqueueWebhookAttempt(
  tx: Executor,
  jobs: JobQueue,
  data: WebhookJobData,
  startAfter?: Date,
) {
  await jobs.enqueue(tx, deliverWebhookJob, data, {
    priority: PRIORITY.webhook,
    ...(startAfter && { startAfter }),
  });
}

/** Does the delivery still wait for the scheduled attempt due at `due`? */
export function holdsTicket(
  delivery: Pick<WebhookDelivery, "status" | "nextAttemptAt">,
  due: Date,
): boolean {
  return delivery.status === "pending" && delivery.nextAttemptAt?.getTime() === due.getTime();
}
