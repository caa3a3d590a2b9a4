import { eq, sql } from "drizzle-orm";
import { emails, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import { withDeadline } from "@/db/deadline";
import { settleAll } from "@/lib/core/settle-all";
import { isTransientDatabaseError } from "@/db/transient-errors";
import { recordEmailEvent, recordEmailEvents, type RecordEmailEventInput } from "../emails/events";
import { PRIORITY } from "@/lib/core/jobs/priority";
import { deliverEmailJob } from "./jobs";
import type { Runtime } from "@/lib/core/runtime";
import { awaitingOutcome, dropDeliveryClaims } from "./claims";
import { enqueueParked, MAX_THROTTLED_AGE_MS, type ParkedEmail } from "./pacing";
import type { DeliveryOutcome } from "@/lib/core/transports";

/** What writing outcomes needs (a runtime, or a service context for inline campaign sends). */
export type DeliveryDeps = Pick<
  Runtime,
  "db" | "config" | "clock" | "jobs" | "instrumentHtml" | "transports" | "caches"
>;

/** Temporary failures (4xx, connection trouble) are retried this many times, then `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** Backoff before attempt n+1: base × 4^(n-1) (base 30 s: 30 s, 2 min, 8 min, 32 min). */
export function deliveryRetryDelayMs(attempt: number, baseSeconds: number): number {
  return baseSeconds * 1000 * 4 ** Math.max(0, attempt - 1);
}

type PendingOutcome = {
  email: Email;
  outcome: DeliveryOutcome;
  /** A throttling answer: the slot it waits for, and on whom (pacing.ts). */
  throttled?: Throttled;
  done: (error?: unknown) => void;
};
type Throttled = Omit<ParkedEmail, "email">;

/**
 * Pauses between attempts to write outcomes the database refused (then the last, repeated):
 * short, so outcomes are written as soon as it is back, well before the claims could lapse.
 */
const WRITE_RETRY_MS = [100, 250, 500, 1000];
/**
 * A write that has not finished by then is given up on and tried again on another connection:
 * a connection broken mid-query by a database restart can leave the query waiting for ever.
 */
const WRITE_TIMEOUT_MS = 30_000;
/** How long the first outcome of a group waits for others, unless this many wait already. */
const GROUP_COMMIT_LINGER_MS = 5;
const GROUP_COMMIT_TARGET = 50;
/** A write that fails for another reason than an unreachable database is tried this often. */
const WRITE_ATTEMPTS_ON_ERROR = 5;

/**
 * Group commit of delivery outcomes: one transaction at a time, each taking all that waits, so a
 * crash re-sends at most what was accepted in the last few milliseconds. An outcome is a fact
 * about mail the relay already has: when the database cannot take it (a restart, a failover), it
 * is kept and written again until it can, never dropped for the job to send again.
 */
export class OutcomeWriter {
  private pending: PendingOutcome[] = [];
  private writing = false;

  constructor(
    private readonly runtime: DeliveryDeps,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  write(email: Email, outcome: DeliveryOutcome, throttled?: Throttled): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ email, outcome, throttled, done: (e) => (e ? reject(e) : resolve()) });
      void this.drain();
    });
  }

  private async drain() {
    if (this.writing) return;
    this.writing = true;
    while (this.pending.length > 0) {
      // Outcomes of one slice arrive within milliseconds of each other: a moment's wait writes
      // them in one transaction instead of several (the database round trips were the delivery
      // worker's largest cost after the signature). A crash in it loses nothing: the claims hold.
      if (this.pending.length < GROUP_COMMIT_TARGET) await this.sleep(GROUP_COMMIT_LINGER_MS);
      const batch = this.pending.splice(0);
      try {
        await this.persist(batch);
        for (const item of batch) item.done();
      } catch {
        // One bad outcome must not keep the others (already sent) from being recorded.
        for (const item of batch) {
          await this.persist([item]).then(
            () => item.done(),
            (error: unknown) => item.done(error),
          );
        }
      }
    }
    this.writing = false;
  }

  /** Writes a batch, again and again while the database is unreachable. */
  private async persist(batch: PendingOutcome[]) {
    let failedAttempts = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        await withDeadline(recordOutcomes(this.runtime, batch), WRITE_TIMEOUT_MS);
        if (attempt > 0) console.warn(`[delivery] outcomes written after ${attempt} retries`);
        return;
      } catch (error) {
        const transient = isTransientDatabaseError(error);
        if (!transient && ++failedAttempts >= WRITE_ATTEMPTS_ON_ERROR) throw error;
        if (attempt === 0) {
          console.warn(
            `[delivery] could not write ${batch.length} outcome(s), retrying:`,
            (error as Error).message,
          );
        }
        await this.sleep(WRITE_RETRY_MS[Math.min(attempt, WRITE_RETRY_MS.length - 1)]!);
      }
    }
  }
}

/**
 * The process's outcome writer (one per runtime, kept in its caches): every delivery run of the process feeds the
 * same group commit. One writer per run made batches of ~8 outcomes (bench:campaign, 4 runs at
 * once), and each batch's transaction waits in line for its campaign's counter row.
 */
export function outcomeWriterOf(runtime: DeliveryDeps): OutcomeWriter {
  const slot = runtime.caches.outcomeWriter;
  return (slot.writer ??= new OutcomeWriter(runtime));
}

/** Records outcomes in one transaction: status, timeline, counters, suppression, webhooks. */
async function recordOutcomes(runtime: DeliveryDeps, batch: PendingOutcome[]) {
  const now = runtime.clock.now();
  await runtime.db.transaction(async (tx) => {
    // Only emails still waiting for theirs: an attempt given up on (WRITE_TIMEOUT_MS) that
    // commits after all must not record an outcome twice. The lock orders the two.
    const waiting = await lockAwaitingOutcome(
      tx,
      batch.map((p) => p.email.id),
    );
    const open = new Set(waiting.map((row) => row.id));
    const events: RecordEmailEventInput[] = [];
    for (const { email, outcome, throttled } of batch) {
      if (!open.has(email.id)) continue;
      if (outcome.kind === "deferred" && throttled)
        await recordThrottled(tx, runtime, email, outcome, throttled, now);
      else if (outcome.kind === "deferred") await recordDeferral(tx, runtime, email, outcome, now);
      else
        events.push(...outcomeEvents(email, outcome, now), ...ccBounceEvents(email, outcome, now));
    }
    // Whatever the outcome, no run holds these emails any more (a deferred one's retry job
    // claims it again). Sent beside the events: postgres.js pipelines the two statements. Both
    // settle before an error leaves the transaction, so neither runs after its rollback.
    await settleAll<unknown>([
      recordEmailEvents(tx, runtime.jobs, events),
      dropDeliveryClaims(tx, [...open]),
    ]);
  });
}

/** Locks the listed emails that still wait for an outcome (in id order: no deadlock) and names them. */
export function lockAwaitingOutcome(db: Executor, emailIds: string[]) {
  return db
    .select({ id: emails.id })
    .from(emails)
    .where(awaitingOutcome(emailIds))
    .orderBy(emails.id)
    .for("update");
}

function outcomeEvents(
  email: Email,
  outcome: Exclude<DeliveryOutcome, { kind: "deferred" }>,
  now: Date,
): RecordEmailEventInput[] {
  switch (outcome.kind) {
    case "delivered":
      return [
        {
          email,
          type: "delivered",
          now,
          data: { response: outcome.response },
          patch: { sentAt: now, messageId: outcome.providerMessageId },
        },
      ];
    case "accepted":
      return [
        {
          email,
          type: "provider_accepted",
          now,
          data: { provider_message_id: outcome.providerMessageId },
          patch: { sentAt: now, messageId: outcome.providerMessageId },
        },
      ];
    case "complained":
      return [
        { email, type: "delivered", now, patch: { sentAt: now }, data: { simulated: true } },
        { email, type: "complained", now, data: { reason: "complaint", simulated: true } },
      ];
    case "bounced":
      return [
        {
          email,
          type: "bounced",
          now,
          data: { reason: "hard_bounce", code: outcome.code, response: outcome.response },
          patch: { sentAt: now, lastError: outcome.response },
        },
      ];
    case "failed":
      return [
        {
          email,
          type: "failed",
          now,
          data: { reason: "rejected", error: outcome.error },
          patch: { lastError: outcome.error },
        },
      ];
  }
}

/** cc/bcc refused for good: on the timeline, and suppressed (the email's status follows `to`). */
function ccBounceEvents(
  email: Email,
  outcome: DeliveryOutcome,
  now: Date,
): RecordEmailEventInput[] {
  if (outcome.kind !== "delivered" && outcome.kind !== "bounced") return [];
  return (outcome.ccBounces ?? []).map((bounce) => ({
    email,
    type: "recipient_bounced" as const,
    now,
    data: {
      reason: "hard_bounce",
      recipient: bounce.address,
      code: bounce.code,
      response: bounce.response,
    },
  }));
}

/**
 * A throttling answer ("too fast"): not the email's fault, so not one of its attempts. It waits
 * for its receiver's next slot (pacing.ts), for up to MAX_THROTTLED_AGE_MS after it was
 * recorded, as a mail server keeps mail queued for days; then it fails.
 */
async function recordThrottled(
  tx: Executor,
  runtime: DeliveryDeps,
  email: Email,
  outcome: Extract<DeliveryOutcome, { kind: "deferred" }>,
  throttled: Throttled,
  now: Date,
) {
  if (now.getTime() - email.createdAt.getTime() > MAX_THROTTLED_AGE_MS) {
    await recordEmailEvent(tx, runtime.jobs, {
      email,
      type: "failed",
      now,
      data: { reason: "retries_exhausted", attempts: email.attempts, response: outcome.response },
      patch: { lastError: outcome.response },
    });
    return;
  }
  await tx
    .update(emails)
    .set({
      lastError: outcome.response,
      waitingOn: throttled.waitingOn,
      waitingReason: throttled.reason.slice(0, 500),
      updatedAt: now,
    })
    .where(eq(emails.id, email.id));
  const retryAt = new Date(now.getTime() + throttled.delayMs);
  await recordEmailEvent(tx, runtime.jobs, {
    email,
    type: "deferred",
    now,
    data: {
      reason: "throttled",
      waiting_on: throttled.waitingOn,
      code: outcome.code,
      response: outcome.response,
      retry_at: retryAt.toISOString(),
    },
  });
  await enqueueParked(tx, runtime.jobs, [{ email, ...throttled }]);
}

/** A temporary failure: counted, and retried later by a new job, or failed once exhausted. */
async function recordDeferral(
  tx: Executor,
  runtime: DeliveryDeps,
  email: Email,
  outcome: Extract<DeliveryOutcome, { kind: "deferred" }>,
  now: Date,
) {
  const [row] = await tx
    .update(emails)
    .set({
      attempts: sql`${emails.attempts} + 1`,
      lastError: outcome.response,
      updatedAt: now,
    })
    .where(eq(emails.id, email.id))
    .returning({ attempts: emails.attempts });
  const attempts = row?.attempts ?? MAX_DELIVERY_ATTEMPTS;
  if (attempts >= MAX_DELIVERY_ATTEMPTS) {
    await recordEmailEvent(tx, runtime.jobs, {
      email,
      type: "failed",
      now,
      data: { reason: "retries_exhausted", attempts, response: outcome.response },
    });
    return;
  }
  const retryAt = new Date(
    Date.now() + deliveryRetryDelayMs(attempts, runtime.config.deliveryRetryBaseSeconds),
  );
  await recordEmailEvent(tx, runtime.jobs, {
    email,
    type: "deferred",
    now,
    data: {
      attempt: attempts,
      code: outcome.code,
      response: outcome.response,
      retry_at: retryAt.toISOString(),
    },
  });
  // Queue time is wall-clock time (pg-boss compares with the database clock).
  await runtime.jobs.enqueue(
    tx,
    deliverEmailJob,
    { emailIds: [email.id] },
    { priority: PRIORITY[email.type], startAfter: retryAt },
  );
}
