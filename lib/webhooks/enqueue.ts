import { and, arrayContains, eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { Executor } from "@/db";
import { newId } from "@/lib/core/ids";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { PRIORITY } from "@/lib/core/jobs/priority";
import { deliverWebhookJob } from "./jobs";
import { iso } from "@/lib/core/serialize";
import type { WebhookEventType } from "./event-types";

export type WebhookEvent = {
  projectId: string;
  /** `webhook.test` only for the sample event sent by hand (test-event.ts). */
  type: WebhookEventType | "webhook.test";
  createdAt: Date;
  data: Record<string, unknown>;
};

/**
 * Fans events of one project and type out to every active endpoint of the project subscribed to
 * that type: one delivery row (holding the exact bytes to sign and send) and one job each, in
 * the caller's transaction.
 */
export async function enqueueWebhookDeliveries(
  tx: Executor,
  jobs: JobQueue,
  events: WebhookEvent[],
): Promise<string[]> {
  const [first] = events;
  if (!first) return [];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.projectId, first.projectId),
        eq(webhookEndpoints.active, true),
        arrayContains(webhookEndpoints.events, [first.type]),
      ),
    );
  return insertDeliveries(tx, jobs, events, endpoints);
}

/** One delivery row (the exact bytes to sign and send) and one job per event and endpoint. */
export async function insertDeliveries(
  tx: Executor,
  jobs: JobQueue,
  events: WebhookEvent[],
  endpoints: { id: string }[],
): Promise<string[]> {
  if (endpoints.length === 0 || events.length === 0) return [];
  const rows = events.flatMap((event) => {
    const payload = JSON.stringify({
      type: event.type,
      created_at: iso(event.createdAt),
      data: event.data,
    });
    return endpoints.map((endpoint) => ({
      id: newId("whd", event.createdAt.getTime()),
      projectId: event.projectId,
      endpointId: endpoint.id,
      eventType: event.type,
      payload,
      status: "pending" as const,
      nextAttemptAt: event.createdAt,
      createdAt: event.createdAt,
      updatedAt: event.createdAt,
    }));
  });
  await tx.insert(webhookDeliveries).values(rows);
  await jobs.enqueueMany(
    tx,
    deliverWebhookJob,
    rows.map((row) => ({ deliveryId: row.id })),
    { priority: PRIORITY.webhook },
  );
  return rows.map((r) => r.id);
}
