import { isAnyOf } from "@/db/id-list";
import { withDeadline } from "@/db/deadline";
import { emails, type Email } from "@/db/schema";
import type { Job, PayloadOf } from "@/lib/core/jobs/kind";
import type { deliverEmailJob } from "./jobs";
import type { Runtime } from "@/lib/core/runtime";
import {
  claimDeliveriesWithin,
  keepClaimsAlive,
  newDeliveryClaim,
  releaseDeliveryClaims,
  renewDeliveryClaims,
} from "./claims";
import { composeMessage } from "./compose";
import { holdEmails, pausedSenderEmails } from "./hold";
import { outcomeWriterOf, type DeliveryDeps } from "./outcomes";
import {
  learnFromOutcome,
  MAX_HOLD_MS,
  paceKeysOf,
  parkEmails,
  reserveSlot,
  waitingOnOf,
} from "./pacing";
import { holdForWarmup } from "./warmup";
import { releaseScheduledEmails } from "./scheduled";
import { requeueUndeliverable } from "./sweep";
import type { DeliveryOutcome } from "@/lib/core/transports";

/** How many emails one job handler hands to the transport's pool at once. */
const DELIVERIES_IN_FLIGHT = 50;
/**
 * Claim queries past this are given up (db/deadline.ts): a query stuck on a broken connection
 * must not hold a handler, and with it claims its heartbeat keeps alive, for ever.
 */
const CLAIM_QUERY_DEADLINE_MS = 10_000;

export async function deliverEmailBatch(
  runtime: Runtime,
  jobs: Job<PayloadOf<typeof deliverEmailJob>>[],
) {
  // Unexpected errors (a message that cannot be composed…) fail the batch so pg-boss retries
  // it; emails with an outcome are skipped on the retry.
  const ids = jobs.flatMap(
    (job) => job.data.emailIds ?? (job.data.emailId ? [job.data.emailId] : []),
  );
  const slotTaken = new Set(jobs.flatMap((job) => (job.data.paced ? job.data.emailIds! : [])));
  const { claimedElsewhere } = await runDeliveries(runtime, ids, slotTaken);
  // Nor does the batch complete while another run holds some of its emails. That run may be this
  // job's own first run, which pg-boss gave up on when it outlived the lease (handler timeout or
  // expiry) and which is still working: if it then fails, it gives back the claims of the emails
  // it never handed over, counting on its job being retried. Completing here would leave them
  // `sent` with no claim and no job, for ever (the campaign crash test lost 51 so). Failing keeps
  // the job: pg-boss retries it, with backoff, until they have an outcome or are free to claim.
  if (claimedElsewhere > 0) {
    throw new Error(
      `${claimedElsewhere} email(s) of this batch are claimed by another delivery run: ` +
        "retrying until they have an outcome",
    );
  }
}

/** Delivers one email if it still needs it (see `deliverEmails`). */
export async function deliverEmail(
  runtime: DeliveryDeps,
  emailId: string,
): Promise<DeliveryOutcome | null> {
  return (await deliverEmails(runtime, [emailId])).get(emailId) ?? null;
}

/**
 * Delivers the emails that still need it (status `sent`, no outcome yet) and that this worker
 * can claim (claims.ts: another worker's live claim means it is on its way already). They go
 * to the transport's pool DELIVERIES_IN_FLIGHT at a time, a new one as soon as one is done;
 * each outcome is written by the OutcomeWriter as soon as a write is free. Claims are renewed
 * while the work lasts and given back, on the way out, for the emails never handed to the relay.
 */
export async function deliverEmails(
  runtime: DeliveryDeps,
  emailIds: string[],
): Promise<Map<string, DeliveryOutcome>> {
  return (await runDeliveries(runtime, emailIds)).outcomes;
}

/**
 * `deliverEmails`, also saying how many of the emails still waiting for an outcome it could not
 * claim (another run's live claim, or an outcome written meanwhile).
 */
async function runDeliveries(
  runtime: DeliveryDeps,
  emailIds: string[],
  slotTaken: ReadonlySet<string> = new Set(),
): Promise<{ outcomes: Map<string, DeliveryOutcome>; claimedElsewhere: number }> {
  const outcomes = new Map<string, DeliveryOutcome>();
  if (emailIds.length === 0) return { outcomes, claimedElsewhere: 0 };
  const claim = newDeliveryClaim(runtime.config.jobLeaseSeconds);
  const claimFor = (ids: string[]) =>
    claimDeliveriesWithin(runtime.db, ids, claim, CLAIM_QUERY_DEADLINE_MS);
  // Claimed first (the claim returns the rows): only the emails it did not get are read, to
  // release those scheduled and now due and to count those another run holds.
  const claimed = await claimFor(emailIds);
  let confirmedAt = performance.now();
  // Emails handed to the relay keep their claim until their outcome is written (or it lapses);
  // the rest are given back on the way out, however the run ends (from here on: a failure
  // reading the others used to leave the first claims to lapse).
  const unsettled = new Set(claimed.map((e) => e.id));
  const handedOver = new Set<string>();
  const heartbeat = keepClaimsAlive(runtime.db, () => [...unsettled], claim);
  let claimedElsewhere = 0;
  try {
    const others = emailIds.filter((id) => !unsettled.has(id));
    if (others.length > 0) {
      const rows = await runtime.db.select().from(emails).where(isAnyOf(emails.id, others));
      const released = await releaseScheduledEmails(runtime, rows);
      const waiting = [...rows, ...released].filter((e) => e.status === "sent" && !e.sentAt);
      const late = await claimFor(released.filter((e) => e.status === "sent").map((e) => e.id));
      claimed.push(...late);
      for (const email of late) unsettled.add(email.id);
      claimedElsewhere = waiting.length - late.length;
    }
    if (claimed.length === 0) return { outcomes, claimedElsewhere };
    // A campaign or automation the circuit breaker paused sends nothing more until resumed.
    const paused = await pausedSenderEmails(runtime.db, claimed);
    await holdEmails(runtime.db, [...paused], runtime.clock.now());
    for (const id of paused) unsettled.delete(id);
    // Campaign mail past its domain's warm-up cap for today waits for tomorrow (warmup.ts).
    const { sendable: due, parked } = await holdForWarmup(
      runtime,
      claimed.filter((email) => !paused.has(email.id)),
    );
    const writer = outcomeWriterOf(runtime);
    const noWayOut: string[] = [];
    const deliverOne = async (email: Email) => {
      const transport = await runtime.transports.forEmail(email);
      // The project's relays were removed since enqueue: it waits as `queued` for the next.
      if (!transport) {
        noWayOut.push(email.id);
        return;
      }
      // Its receiver's (or relay's) next slot: waited for if close, else it is parked.
      const keys = await paceKeysOf(runtime, email);
      if (!slotTaken.has(email.id)) {
        const wait = reserveSlot(runtime, keys);
        if (wait > MAX_HOLD_MS) {
          parked.push({ email, ...waitingOnOf(runtime, keys), delayMs: wait, slotTaken: true });
          return;
        }
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      const message = await composeMessage(runtime, email);
      // The sending domain was removed or lost verification since the send was accepted:
      // never send unsigned mail from a domain the project no longer proves it owns.
      let outcome: DeliveryOutcome;
      if (!message.dkim && transport.name === "smtp") {
        const error = "The sending domain is no longer verified for this project.";
        outcome = { kind: "failed", error };
      } else {
        handedOver.add(email.id);
        outcome = await transport.send(message);
      }
      const throttled = learnFromOutcome(runtime, keys, outcome, transport.name);
      await writer.write(email, outcome, throttled ?? undefined);
      unsettled.delete(email.id);
      outcomes.set(email.id, outcome);
    };
    // A sliding window: the next email starts as soon as one of the DELIVERIES_IN_FLIGHT is done
    // (slices of 50 waited for their slowest before the next began, leaving the pool idle).
    const inFlight = new Set<Promise<void>>();
    const failures: unknown[] = [];
    let renewedUpTo = 0;
    const lost = new Set<string>();
    for (let i = 0; i < due.length && failures.length === 0; i++) {
      if (inFlight.size >= DELIVERIES_IN_FLIGHT) await Promise.race(inFlight);
      if (failures.length > 0) break;
      // Still ours? A claim that lapsed while earlier emails went out (a stalled process) may
      // have been queued again and taken: that email is the other worker's now. A claim taken
      // or renewed within a third of its lease cannot have lapsed: not asked again.
      if (i >= renewedUpTo && performance.now() - confirmedAt >= (claim.leaseSeconds * 1000) / 3) {
        const next = due.slice(i, i + DELIVERIES_IN_FLIGHT).map((e) => e.id);
        const held = await withDeadline(
          renewDeliveryClaims(runtime.db, next, claim),
          CLAIM_QUERY_DEADLINE_MS,
        );
        for (const id of next) if (!held.has(id)) lost.add(id);
        confirmedAt = performance.now();
        renewedUpTo = i + next.length;
      }
      const email = due[i]!;
      if (lost.has(email.id)) {
        unsettled.delete(email.id);
        continue;
      }
      const delivery: Promise<void> = deliverOne(email).then(
        () => void inFlight.delete(delivery),
        (error: unknown) => {
          inFlight.delete(delivery);
          failures.push(error);
        },
      );
      inFlight.add(delivery);
    }
    await Promise.all(inFlight);
    if (failures.length > 0) throw failures[0];
    await requeueUndeliverable(runtime, noWayOut);
    await parkEmails(runtime, parked);
    for (const { email } of parked) unsettled.delete(email.id);
    return { outcomes, claimedElsewhere };
  } finally {
    heartbeat.stop();
    // Never handed over (composition failed, no transport, an earlier delivery threw): free at once,
    // for this run's job to retry (a job does not complete while another run holds its emails,
    // deliverEmailBatch, so this run's job, or a newer one that met the claim, is still there).
    // Handed over without a written outcome: the claim stays, and lapses if nobody writes one.
    const untouched = [...unsettled].filter((id) => !handedOver.has(id));
    await withDeadline(
      releaseDeliveryClaims(runtime.db, untouched, claim),
      CLAIM_QUERY_DEADLINE_MS,
    ).catch((error: unknown) =>
      console.warn("[delivery] could not release delivery claims:", (error as Error).message),
    );
  }
}
