import { randomBytes } from "node:crypto";
import { and, eq, exists, isNull, lt, sql } from "drizzle-orm";
import { deliveryClaims, emails, type Email } from "@/db/schema";
import { isAnyOf } from "@/db/id-list";
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

/**
 * The listed emails still waiting for an outcome. The ids go through `isAnyOf`: a literal list
 * beside `status = 'sent'` is planned, without statistics (autovacuum off, PGlite, a young
 * table), as a scan of every email still `sent` in emails_project_status_created_idx (or of the
 * whole table); old versions of rows an outcome rewrote stay in that index until a vacuum, so
 * each batch read more of it (bench:campaign at 100,000: 2,600 pages an outcome batch).
 */
export const awaitingOutcome = (emailIds: readonly string[]) =>
  and(isAnyOf(emails.id, emailIds), waitingForOutcome);

const leaseFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** One delivery run's claims: its token, and the lease they last. */
export type DeliveryClaim = { token: string; leaseSeconds: number };

export function newDeliveryClaim(leaseSeconds: number): DeliveryClaim {
  return { token: randomBytes(12).toString("base64url"), leaseSeconds };
}

/**
 * Claims the emails that still need delivery and no live claim holds; returns those rows. A
 * claim is a row of delivery_claims (db/schema/delivery-claims.ts): a lapsed one is taken over in
 * place, a live one is left alone, atomically however many workers ask at once.
 */
export async function claimDeliveries(
  db: Executor,
  emailIds: string[],
  claim: DeliveryClaim,
): Promise<Email[]> {
  if (emailIds.length === 0) return [];
  const taken = await db
    .insert(deliveryClaims)
    .select(
      db
        .select({
          projectId: emails.projectId,
          emailId: sql`${emails.id}`.as("email_id"),
          token: sql`${claim.token}`.as("token"),
          claimedUntil: sql`${leaseFromNow(claim.leaseSeconds)}`.as("claimed_until"),
        })
        .from(emails)
        .where(awaitingOutcome(emailIds))
        // Rows locked in one order by every claimer, so two claims of one batch cannot deadlock.
        .orderBy(emails.id)
        // Shared-locked: an outcome being written for one of them (its writer holds the row)
        // is waited for, and the email, no longer waiting, is left out. Unlocked, the claim
        // read it as waiting, took the claim the outcome had just ended, and sent it again
        // (the campaign crash test: 3 of 3,000 received twice).
        .for("share"),
    )
    .onConflictDoUpdate({
      target: [deliveryClaims.projectId, deliveryClaims.emailId],
      set: { token: claim.token, claimedUntil: leaseFromNow(claim.leaseSeconds) },
      setWhere: lt(deliveryClaims.claimedUntil, sql`now()`),
    })
    .returning({ emailId: deliveryClaims.emailId });
  if (taken.length === 0) return [];
  const ids = taken.map((row) => row.emailId);
  const rows = await db.select().from(emails).where(isAnyOf(emails.id, ids));
  // On its way: no longer waiting on a receiver (pacing.ts parks it again if need be).
  const parked = rows.filter((email) => email.waitingOn !== null);
  if (parked.length > 0) {
    await db
      .update(emails)
      .set({ waitingOn: null, waitingReason: null })
      .where(
        isAnyOf(
          emails.id,
          parked.map((email) => email.id),
        ),
      );
    for (const email of parked) Object.assign(email, { waitingOn: null, waitingReason: null });
  }
  return rows;
}

/**
 * `claimDeliveries`, given up on (rejecting as a lost connection would) when the database has not
 * answered within `ms`. The abandoned query may still commit: its claims are given back as soon
 * as it settles, so the emails it took do not wait out a whole lease for nobody; so are those of
 * a claim that failed after its insert (reading the claimed rows), which the run never saw. On a
 * saturated database (bench:campaign, 100,000 recipients) they did wait: the batch's retry found
 * them claimed, and the campaign's last few hundred emails cycled claim, deadline, lapse for
 * minutes.
 */
export function claimDeliveriesWithin(
  db: Executor,
  emailIds: string[],
  claim: DeliveryClaim,
  ms: number,
): Promise<Email[]> {
  const claiming = claimDeliveries(db, emailIds, claim);
  return withDeadline(claiming, ms).catch((error: unknown) => {
    const giveBack = () => releaseDeliveryClaims(db, emailIds, claim);
    claiming
      .then(giveBack, giveBack)
      .catch((releaseError: unknown) =>
        console.warn(
          "[delivery] could not give back an abandoned claim:",
          (releaseError as Error).message,
        ),
      );
    throw error;
  });
}

/** The emails still waiting for an outcome among those named by `emailId`. */
const stillWaiting = (emailId: typeof deliveryClaims.emailId) =>
  exists(
    sql`(select 1 from ${emails} where ${emails.id} = ${emailId} and ${emails.status} = 'sent'
          and ${emails.sentAt} is null)`,
  );

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
    .update(deliveryClaims)
    .set({ claimedUntil: leaseFromNow(claim.leaseSeconds) })
    .where(
      and(
        isAnyOf(deliveryClaims.emailId, emailIds),
        eq(deliveryClaims.token, claim.token),
        stillWaiting(deliveryClaims.emailId),
      ),
    )
    .returning({ id: deliveryClaims.emailId });
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
    .delete(deliveryClaims)
    .where(and(isAnyOf(deliveryClaims.emailId, emailIds), eq(deliveryClaims.token, claim.token)));
}

/**
 * Ends whatever claims these emails have (an outcome written, held, deferred, parked): nobody is
 * delivering them now. In the transaction that says why.
 */
export async function dropDeliveryClaims(db: Executor, emailIds: readonly string[]) {
  if (emailIds.length === 0) return;
  await db.delete(deliveryClaims).where(isAnyOf(deliveryClaims.emailId, emailIds));
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
    // Lapsed claims with their email, if it still waits for an outcome (a claim an outcome did
    // not end, say a cancelled email's, is only removed).
    const lapsed = await tx
      .select({
        emailId: deliveryClaims.emailId,
        waiting: sql<boolean>`coalesce(${waitingForOutcome}, false)`,
        type: emails.type,
      })
      .from(deliveryClaims)
      .leftJoin(
        emails,
        and(eq(emails.projectId, deliveryClaims.projectId), eq(emails.id, deliveryClaims.emailId)),
      )
      .where(lt(deliveryClaims.claimedUntil, sql`now()`))
      .limit(REQUEUE_BATCH)
      .for("update", { of: deliveryClaims, skipLocked: true });
    if (lapsed.length === 0) return 0;
    await dropDeliveryClaims(
      tx,
      lapsed.map((claim) => claim.emailId),
    );
    const waiting = lapsed
      .filter((claim) => claim.waiting && claim.type !== null)
      .map((claim) => ({ id: claim.emailId, type: claim.type! }));
    await enqueueDeliveries(tx, runtime.jobs, waiting, { overdue: true });
    return waiting.length;
  });
  if (requeued > 0) {
    console.warn(`[worker] ${requeued} email(s) whose worker stopped answering queued again`);
    runtime.jobs.notify(deliverEmailJob);
  }
  return requeued;
}
