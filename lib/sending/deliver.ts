import type PgBoss from "pg-boss";
import { eq, inArray, sql } from "drizzle-orm";
import { emails, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import { recordEmailEvent, recordEmailEvents, type RecordEmailEventInput } from "../emails/events";
import { JOBS, PRIORITY, type JobPayloads } from "../jobs/names";
import type { Runtime } from "../runtime";
import { composeMessage } from "./compose";
import { holdEmails, pausedSenderEmails } from "./hold";
import { releaseScheduledEmails } from "./scheduled";
import type { DeliveryOutcome } from "./transports";

/**
 * What delivering needs: a runtime, or a service context (inline campaign sends). Both carry
 * the tracking instrumenter the process start-up built, so tracking never depends on which entry
 * point ran first.
 */
type DeliveryDeps = Pick<
  Runtime,
  "db" | "config" | "clock" | "jobs" | "instrumentHtml" | "transports"
>;

/** Temporary failures (4xx, connection trouble) are retried this many times, then `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** Backoff before attempt n+1: base × 4^(n-1) (base 30 s: 30 s, 2 min, 8 min, 32 min). */
export function retryDelayMs(attempt: number, baseSeconds: number): number {
  return baseSeconds * 1000 * 4 ** Math.max(0, attempt - 1);
}

export async function deliverEmailBatch(
  runtime: Runtime,
  jobs: PgBoss.JobWithMetadata<JobPayloads[typeof JOBS.deliverEmail]>[],
) {
  // Unexpected errors (database down…) fail the batch so pg-boss retries it; finished emails
  // are skipped on the retry.
  const ids = jobs.flatMap(
    (job) => job.data.emailIds ?? (job.data.emailId ? [job.data.emailId] : []),
  );
  for (let i = 0; i < ids.length; i += DELIVERIES_IN_FLIGHT) {
    await deliverEmails(runtime, ids.slice(i, i + DELIVERIES_IN_FLIGHT));
  }
}

/** How many emails one job handler hands to the transport's pool at once. */
const DELIVERIES_IN_FLIGHT = 50;

/** Delivers one email if it still needs it (see `deliverEmails`). */
export async function deliverEmail(
  runtime: DeliveryDeps,
  emailId: string,
): Promise<DeliveryOutcome | null> {
  return (await deliverEmails(runtime, [emailId])).get(emailId) ?? null;
}

/**
 * Delivers the emails that still need it (status `sent`, not yet handed to a provider), all at
 * once through the transport's pool. Each outcome is committed as soon as a write is free
 * (group commit: outcomes that arrive while one is being written go together in the next), so
 * a crash re-sends at most what was accepted in the last few milliseconds, and a busy worker
 * writes a handful of statements per batch instead of a transaction per email.
 */
export async function deliverEmails(
  runtime: DeliveryDeps,
  emailIds: string[],
): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = new Map<string, DeliveryOutcome>();
  if (emailIds.length === 0) return outcomes;
  const rows = await runtime.db.select().from(emails).where(inArray(emails.id, emailIds));
  const released = await releaseScheduledEmails(runtime, rows);
  const due = [...rows, ...released].filter((email) => email.status === "sent" && !email.sentAt);
  // A campaign or automation the circuit breaker paused sends nothing more until resumed.
  const held = await pausedSenderEmails(runtime.db, due);
  await holdEmails(runtime.db, [...held], runtime.clock.now());
  const writer = new OutcomeWriter(runtime);
  const settled = await Promise.allSettled(
    due
      .filter((email) => !held.has(email.id))
      .map(async (email) => {
        const transport = runtime.transports.for(email.mode);
        // Delivery unconfigured since enqueue: the start-up sweep picks it up.
        if (!transport) return;
        const message = await composeMessage(runtime, email);
        // The sending domain was removed or lost verification since the send was accepted:
        // never send unsigned mail from a domain the project no longer proves it owns.
        const outcome: DeliveryOutcome =
          !message.dkim && transport.name === "smtp"
            ? {
                kind: "failed",
                error: "The sending domain is no longer verified for this project.",
              }
            : await transport.send(message);
        await writer.write(email, outcome);
        outcomes.set(email.id, outcome);
      }),
  );
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
  return outcomes;
}

type PendingOutcome = {
  email: Email;
  outcome: DeliveryOutcome;
  done: (error?: unknown) => void;
};

/** Group commit of delivery outcomes: one transaction at a time, each taking all that waits. */
class OutcomeWriter {
  private pending: PendingOutcome[] = [];
  private writing = false;

  constructor(private readonly runtime: DeliveryDeps) {}

  write(email: Email, outcome: DeliveryOutcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ email, outcome, done: (e) => (e ? reject(e) : resolve()) });
      void this.drain();
    });
  }

  private async drain() {
    if (this.writing) return;
    this.writing = true;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        await recordOutcomes(this.runtime, batch);
        for (const item of batch) item.done();
      } catch {
        // One bad outcome must not keep the others (already sent) from being recorded.
        for (const item of batch) {
          await recordOutcomes(this.runtime, [item]).then(
            () => item.done(),
            (error: unknown) => item.done(error),
          );
        }
      }
    }
    this.writing = false;
  }
}

/** Records outcomes in one transaction: status, timeline, counters, suppression, webhooks. */
async function recordOutcomes(runtime: DeliveryDeps, batch: PendingOutcome[]) {
  const now = runtime.clock.now();
  await runtime.db.transaction(async (tx) => {
    const events: RecordEmailEventInput[] = [];
    for (const { email, outcome } of batch) {
      if (outcome.kind === "deferred") await recordDeferral(tx, runtime, email, outcome, now);
      else
        events.push(...outcomeEvents(email, outcome, now), ...ccBounceEvents(email, outcome, now));
    }
    await recordEmailEvents(tx, runtime.jobs, events);
  });
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
    Date.now() + retryDelayMs(attempts, runtime.config.deliveryRetryBaseSeconds),
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
    JOBS.deliverEmail,
    { emailIds: [email.id] },
    { priority: PRIORITY[email.type], startAfter: retryAt },
  );
}
