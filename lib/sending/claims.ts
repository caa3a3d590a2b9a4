import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { emails, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import { JOBS } from "../jobs/names";
import type { Runtime } from "../runtime";
import { enqueueDeliveries } from "./record";

/**
 * Delivery claims: an email is handed to the relay only by the worker that claimed it, for
 * JOB_LEASE_SECONDS on the database's clock, renewed while that worker still works on it. A
 * second job for the same email (a queue lease that lapsed under a slow relay, a retried batch)
 * finds it claimed and leaves it alone; a claim whose worker died lapses, and the next poll of
 * any worker queues the email again (`requeueLapsedDeliveries`). So the only emails a crash can
 * send twice are those the relay accepted in the instant before their outcome was written.
 */

const waitingForOutcome = and(eq(emails.status, "sent"), isNull(emails.sentAt));
const leaseFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Claims the emails that still need delivery and no live claim holds; returns those rows. */
export async function claimDeliveries(
  db: Executor,
  emailIds: string[],
  leaseSeconds: number,
): Promise<Email[]> {
  if (emailIds.length === 0) return [];
  return db
    .update(emails)
    .set({ deliveryClaimedUntil: leaseFromNow(leaseSeconds) })
    .where(
      and(
        inArray(emails.id, emailIds),
        waitingForOutcome,
        or(isNull(emails.deliveryClaimedUntil), lt(emails.deliveryClaimedUntil, sql`now()`)),
      ),
    )
    .returning();
}

/** Extends this worker's claims on emails it is still working on (a slow relay). */
export async function renewDeliveryClaims(db: Executor, emailIds: string[], leaseSeconds: number) {
  if (emailIds.length === 0) return;
  await db
    .update(emails)
    .set({ deliveryClaimedUntil: leaseFromNow(leaseSeconds) })
    .where(and(inArray(emails.id, emailIds), waitingForOutcome));
}

/** Gives up claims on emails never handed to a relay: the next job may take them at once. */
export async function releaseDeliveryClaims(db: Executor, emailIds: string[]) {
  if (emailIds.length === 0) return;
  await db.update(emails).set({ deliveryClaimedUntil: null }).where(inArray(emails.id, emailIds));
}

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
    await releaseDeliveryClaims(
      tx,
      lapsed.map((e) => e.id),
    );
    await enqueueDeliveries(tx, runtime.jobs, lapsed);
    return lapsed.length;
  });
  if (requeued > 0) {
    console.warn(`[worker] ${requeued} email(s) whose worker stopped answering queued again`);
    runtime.jobs.notify(JOBS.deliverEmail);
  }
  return requeued;
}
