import { z } from "zod";
import type { Executor } from "@/db";
import type { WebhookDelivery } from "@/db/schema";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { JOBS, PRIORITY } from "@/lib/core/jobs/names";

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

export async function enqueueWebhookAttempt(
  tx: Executor,
  jobs: JobQueue,
  data: WebhookJobData,
  startAfter?: Date,
) {
  await jobs.enqueue(tx, JOBS.deliverWebhook, data, {
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
