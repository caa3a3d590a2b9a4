import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { automationRuns, automations, campaigns, emails, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { awaitingOutcome, dropDeliveryClaims } from "./claims";
import { enqueueDeliveries } from "./record";

/**
 * The circuit breaker pauses a campaign or an automation (lib/breaker); by then the fan-out has
 * usually queued much of its audience. Emails whose delivery job finds their campaign or
 * automation paused are held instead of sent (`held_at`), and resuming hands exactly those to
 * delivery again. An email is held only by a job that is done with it, and released in the
 * transaction that enqueues its new job, so it never has two jobs at once.
 */
export async function pausedSenderEmails(db: Executor, batch: Email[]): Promise<Set<string>> {
  const campaignIds = [...new Set(batch.map((e) => e.campaignId).filter((id) => id !== null))];
  const runIds = [...new Set(batch.map((e) => e.automationRunId).filter((id) => id !== null))];
  const held = new Set<string>();
  if (campaignIds.length > 0) {
    const paused = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(inArray(campaigns.id, campaignIds), eq(campaigns.status, "paused")));
    const ids = new Set(paused.map((c) => c.id));
    for (const email of batch)
      if (email.campaignId && ids.has(email.campaignId)) held.add(email.id);
  }
  if (runIds.length > 0) {
    const paused = await db
      .select({ runId: automationRuns.id })
      .from(automationRuns)
      .innerJoin(automations, eq(automations.id, automationRuns.automationId))
      .where(and(inArray(automationRuns.id, runIds), eq(automations.status, "paused")));
    const ids = new Set(paused.map((r) => r.runId));
    for (const email of batch)
      if (email.automationRunId && ids.has(email.automationRunId)) held.add(email.id);
  }
  return held;
}

export async function holdEmails(db: Executor, emailIds: string[], now: Date) {
  if (emailIds.length === 0) return;
  await db.update(emails).set({ heldAt: now, updatedAt: now }).where(awaitingOutcome(emailIds));
  // Held, not on its way: no claim to lapse and requeue it while its sender stays paused.
  await dropDeliveryClaims(db, emailIds);
}

/** Resuming: the held emails of a campaign or an automation go back to delivery. */
export async function releaseHeldEmails(
  tx: Executor,
  jobs: JobQueue,
  scope: { campaignId: string } | { automationId: string },
) {
  const owner =
    "campaignId" in scope
      ? eq(emails.campaignId, scope.campaignId)
      : inArray(
          emails.automationRunId,
          sql`(select ${automationRuns.id} from ${automationRuns} where ${automationRuns.automationId} = ${scope.automationId})`,
        );
  const released = await tx
    .update(emails)
    .set({ heldAt: null })
    .where(and(owner, isNotNull(emails.heldAt), eq(emails.status, "sent"), isNull(emails.sentAt)))
    .returning({ id: emails.id, type: emails.type });
  await enqueueDeliveries(tx, jobs, released);
  return released.length;
}
