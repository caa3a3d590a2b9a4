import { eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { webhookDeliveries, webhookEndpoints, type WebhookDelivery } from "@/db/schema";
import type { Runtime } from "@/lib/core/runtime";
import { holdsTicket, WebhookJobData } from "./jobs";
import { postWebhookRequest, type OutboundRequest, type WebhookPostResult } from "./outbound";
import { recordAttempt } from "./record-attempt";
import { signWebhookPayload } from "./signature";

export const WEBHOOK_USER_AGENT = "Mailwright-Webhooks/1";

export type DeliverOptions = {
  /** Jitter source (tests pin it). */
  random?: () => number;
  /** The HTTP client (tests may stub it; production uses the SSRF-safe one). */
  send?: (request: OutboundRequest) => Promise<WebhookPostResult>;
};

/**
 * Job: webhook-deliver. Each job makes at most one attempt at one delivery. The batch runs in
 * parallel: ten slow receivers in sequence (15 s each) would outlast the job lease. If any job
 * hits an unexpected error the batch is thrown back to pg-boss, whose retry finds the jobs that
 * did finish already settled (their tickets are spent) and skips them.
 */
export async function deliverWebhookBatch(
  runtime: Runtime,
  jobs: PgBoss.JobWithMetadata<{ deliveryId: string }>[],
  options: DeliverOptions = {},
): Promise<void> {
  const results = await Promise.allSettled(
    jobs.map((job) => runWebhookJob(runtime, job.data, options)),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}

export async function runWebhookJob(
  runtime: Runtime,
  rawData: unknown,
  options: DeliverOptions = {},
): Promise<void> {
  const parsed = WebhookJobData.safeParse(rawData);
  if (!parsed.success) {
    console.error("[webhooks] dropping a job with an unreadable payload", rawData);
    return;
  }
  const job = parsed.data;
  const [row] = await runtime.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.deliveryId))
    .limit(1);
  if (!row) return; // the endpoint (and with it the delivery) was deleted
  const { delivery, endpoint } = row;
  // Scheduled attempts happen once each; the first job has no ticket: attempt 1, due at creation.
  const due = job.due ? new Date(job.due) : delivery.createdAt;
  if (!job.replay && !holdsTicket(delivery, due)) return;
  if (!endpoint.active) {
    if (!job.replay) await failForDisabledEndpoint(runtime, delivery.id, due);
    return;
  }

  const attemptedAt = runtime.clock.now();
  const result = await (options.send ?? postWebhookRequest)({
    url: endpoint.url,
    body: delivery.payload,
    headers: webhookHeaders(endpoint.secret, delivery, attemptedAt),
    allowPrivate: runtime.config.webhookAllowPrivate,
  });
  await recordAttempt(runtime, {
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    replay: job.replay ?? false,
    attemptNumber: job.attempt ?? 1,
    due,
    attemptedAt,
    result,
    random: options.random,
  });
}

/** The request headers of one attempt; the signature covers exactly the stored payload bytes. */
export function webhookHeaders(
  secret: string,
  delivery: Pick<WebhookDelivery, "id" | "eventType" | "payload">,
  now: Date,
): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    "X-Service-Event": delivery.eventType,
    "X-Service-Signature": signWebhookPayload(secret, delivery.payload),
    "X-Service-Delivery": delivery.id,
    "X-Service-Timestamp": String(Math.floor(now.getTime() / 1000)),
  };
}

/** An inactive endpoint gets nothing: its waiting deliveries end as failed when their turn comes. */
async function failForDisabledEndpoint(runtime: Runtime, deliveryId: string, due: Date) {
  await runtime.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId))
      .for("update");
    if (!current || !holdsTicket(current, due)) return;
    await tx
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, updatedAt: runtime.clock.now() })
      .where(eq(webhookDeliveries.id, deliveryId));
  });
}
