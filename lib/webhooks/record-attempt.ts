import { eq, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import type { Runtime } from "@/lib/core/runtime";
import { iso } from "@/lib/core/serialize";
import { enqueueWebhookAttempt, holdsTicket } from "./jobs";
import type { WebhookPostResult } from "./outbound";
import { planAfterAttempt } from "./plan";
import { retryScheduleSeconds } from "./schedule";

export type AttemptRecord = {
  deliveryId: string;
  endpointId: string;
  replay: boolean;
  attemptNumber: number;
  due: Date;
  attemptedAt: Date;
  result: WebhookPostResult;
  random?: () => number;
};

/**
 * Logs the attempt and applies what follows it (lib/webhooks/plan.ts) in one transaction with
 * the next attempt's job, so a crash either loses the whole outcome (pg-boss retries the job and
 * the attempt is made again) or keeps all of it.
 */
export async function recordAttempt(runtime: Runtime, record: AttemptRecord) {
  const { result } = record;
  await runtime.db.transaction(async (tx) => {
    // The endpoint's row first, then its delivery's: the order in which deleting an endpoint
    // locks them (its row, then the deliveries its cascade removes). The other order deadlocked
    // with a DELETE /v1/webhooks/:id in CI (contract-postgres, 2026-11-29).
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, record.endpointId))
      .for("update");
    if (!endpoint) return; // deleted with its deliveries while the request was in flight
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, record.deliveryId))
      .for("update");
    if (!delivery) return;
    const now = runtime.clock.now();

    await tx.insert(webhookAttempts).values({
      id: newId("wha", record.attemptedAt.getTime()),
      projectId: delivery.projectId,
      deliveryId: delivery.id,
      attemptedAt: record.attemptedAt,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      responseBody: textForDb(result.body),
      error: textForDb(result.error ?? redirectNote(result)),
    });

    const plan = planAfterAttempt({
      statusCode: result.statusCode,
      retryAfter: headerValue(result.headers["retry-after"]),
      attemptNumber: record.attemptNumber,
      replay: record.replay,
      deliveryStatus: delivery.status,
      failingSince: endpoint.failingSince,
      now,
      schedule: retryScheduleSeconds(runtime.config),
      random: record.random,
    });
    // A scheduled attempt whose ticket was spent meanwhile (a duplicate job) only logs itself.
    const owned = record.replay || holdsTicket(delivery, record.due);
    const next = owned ? plan.delivery : null;
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatusCode: result.statusCode,
        ...(next && { status: next.status, nextAttemptAt: next.nextAttemptAt }),
        updatedAt: now,
      })
      .where(eq(webhookDeliveries.id, delivery.id));

    const disabling = plan.endpoint.disable !== null && endpoint.active;
    await tx
      .update(webhookEndpoints)
      .set({
        failingSince: plan.endpoint.failingSince,
        ...(disabling && { active: false, disabledReason: plan.endpoint.disable, updatedAt: now }),
      })
      .where(eq(webhookEndpoints.id, endpoint.id));

    if (next?.status === "pending" && next.nextAttemptAt) {
      await enqueueWebhookAttempt(
        tx,
        runtime.jobs,
        {
          deliveryId: delivery.id,
          attempt: record.attemptNumber + 1,
          due: iso(next.nextAttemptAt),
        },
        next.nextAttemptAt,
      );
    }
  });
}

function redirectNote(result: WebhookPostResult): string | null {
  const code = result.statusCode;
  if (code === null || code < 300 || code >= 400) return null;
  const location = headerValue(result.headers.location);
  return `redirect not followed (${code}${location ? ` to ${location}` : ""})`;
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

/** PostgreSQL text cannot hold NUL; a receiver's response body may. */
function textForDb(value: string | null): string | null {
  return value === null ? null : value.replace(/\u0000/g, "\uFFFD");
}
