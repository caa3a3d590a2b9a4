import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { emails, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import { withDeadline } from "@/db/deadline";
import { deliverEmailJob } from "./jobs";
import type { Runtime } from "@/lib/core/runtime";
import { enqueueDeliveries } from "./record";

/**
 * Delivery claims: an email is handed to the relay only by the worker that claimed it, for
 * JOB_LEASE_SECONDS on the database's clock, renewed while that worker still works on it and
 * confirmed just before it is sent (a run sends only what it still holds). A
 * second job for the same email (a queue lease that lapsed under a slow relay, a retried batch)
 * finds it claimed and leaves it alone, and is retried until it has an outcome (the run holding
 * it may yet give it back: deliverEmailBatch); a claim whose worker died lapses, and the next
 * poll of any worker queues the email again (`requeueLapsedDeliveries`). So the only emails a
 * crash can send twice are those the relay accepted in the instant before their outcome was
 * written, and an email waiting for delivery always has a live claim, a lapsed one a poll will
 * queue, or a job that has not completed.
 */

const waitingForOutcome = and(eq(emails.status, "sent"), isNull(emails.sentAt));
const leaseFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** One delivery run's claims: its token, and the lease they last. */
export type DeliveryClaim = { token: string; leaseSeconds: number };

export function newDeliveryClaim(leaseSeconds: number): DeliveryClaim {
  return { token: randomBytes(12).toString("base64url"), leaseSeconds };
}

/** Claims the emails that still need delivery and no live claim holds; returns those rows. */
export async function claimDeliveries(
  db: Executor,
  emailIds: string[],
  claim: DeliveryClaim,
): Promise<Email[]> {
  if (emailIds.length === 0) return [];
  return db
    .update(emails)
    .set({
      deliveryClaim: claim.token,
      deliveryClaimedUntil: leaseFromNow(claim.leaseSeconds),
      // On its way: no longer waiting on a receiver (pacing.ts parks it again if need be).
      waitingOn: null,
      waitingReason: null,
    })
    .where(
      and(
        inArray(emails.id, emailIds),
        waitingForOutcome,
        or(isNull(emails.deliveryClaimedUntil), lt(emails.deliveryClaimedUntil, sql`now()`)),
      ),
    )
    .returning();
}

/**
 * Extends the claims this run still holds on emails it is working on (a slow relay) and says
 * which those are: one that lapsed and was queued again belongs to whoever claims it next.
 */
export async function renewDeliveryClaims(
  db: Executor,
  emailIds: string[],
  claim: DeliveryClaim,
): Promise<Set<string>> {
  if (emailIds.length === 0) return new Set();
  const renewed = await db
    .update(emails)
    .set({ deliveryClaimedUntil: leaseFromNow(claim.leaseSeconds) })
    .where(
      and(inArray(emails.id, emailIds), eq(emails.deliveryClaim, claim.token), waitingForOutcome),
    )
    .returning({ id: emails.id });
  return new Set(renewed.map((row) => row.id));
}

/** After a failed renewal (the database away), try again this soon: renew as it comes back. */
const RENEWAL_RETRY_MS = 250;
/** A run still working after this long (or 5 leases) is stuck: its claims are left to lapse. */
const MAX_RENEWING_MS = 15 * 60_000;
/** A renewal still unanswered by then is given up and tried again (db/deadline.ts). */
const RENEWAL_DEADLINE_MS = 2_000;

/**
 * Renews a run's claims every third of the lease while it works, and every RENEWAL_RETRY_MS
 * after a renewal failed, so a worker that lost the database renews the moment it is back:
 * its claims lapse only if the database stays away for most of a lease (80 s by default).
 */
export function keepClaimsAlive(db: Executor, emailIds: () => string[], claim: DeliveryClaim) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const giveUpAt = Date.now() + Math.max(MAX_RENEWING_MS, 5 * claim.leaseSeconds * 1000);
  const schedule = (ms: number) => {
    if (stopped) return;
    if (Date.now() > giveUpAt) {
      // Stuck (a query that never answers, a relay that never replies): let the claims lapse,
      // so a poll queues the emails again, rather than keep them from everyone for ever.
      console.warn(`[delivery] a delivery run is stuck; its ${emailIds().length} claims lapse`);
      return;
    }
    timer = setTimeout(renew, ms);
    timer.unref();
  };
  const renew = () => {
    withDeadline(renewDeliveryClaims(db, emailIds(), claim), RENEWAL_DEADLINE_MS).then(
      () => schedule((claim.leaseSeconds * 1000) / 3),
      () => schedule(RENEWAL_RETRY_MS),
    );
  };
  schedule((claim.leaseSeconds * 1000) / 3);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Gives up this run's claims on emails it never handed to a relay: the next job may take them. */
export async function releaseDeliveryClaims(
  db: Executor,
  emailIds: string[],
  claim: DeliveryClaim,
) {
  if (emailIds.length === 0) return;
  await db
    .update(emails)
    .set(NO_CLAIM)
    .where(and(inArray(emails.id, emailIds), eq(emails.deliveryClaim, claim.token)));
}

/** The columns of an email nobody is delivering (held, deferred, queued again). */
export const NO_CLAIM = { deliveryClaim: null, deliveryClaimedUntil: null };

/** How many lapsed claims one poll turns back into delivery jobs (the rest: next poll). */
const REQUEUE_BATCH = 500;

/**
 * A worker's poller pass: emails whose claim lapsed without an outcome (their worker died, or
 * lost the database for longer than a lease) get a new delivery job, in the transaction that
 * clears the claim, so each is queued once however many workers poll.
 */
export async function requeueLapsedDeliveries(runtime: Pick<Runtime, "db" | "jobs">) {
  const requeued = await runtime.db.transaction(async (tx) => {
    const lapsed = await tx
      .select({ id: emails.id, type: emails.type })
      .from(emails)
      .where(and(waitingForOutcome, lt(emails.deliveryClaimedUntil, sql`now()`)))
      .limit(REQUEUE_BATCH)
      .for("update", { skipLocked: true });
    if (lapsed.length === 0) return 0;
    await tx
      .update(emails)
      .set(NO_CLAIM)
      .where(
        inArray(
          emails.id,
          lapsed.map((e) => e.id),
        ),
      );
    await enqueueDeliveries(tx, runtime.jobs, lapsed, { overdue: true });
    return lapsed.length;
  });
  if (requeued > 0) {
    console.warn(`[worker] ${requeued} email(s) whose worker stopped answering queued again`);
    runtime.jobs.notify(deliverEmailJob);
  }
  return requeued;
}
