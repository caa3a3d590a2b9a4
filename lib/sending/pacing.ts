import { emails, type Email } from "@/db/schema";
import { PRIORITY } from "@/lib/core/jobs/priority";
import type { DeliveryOutcome } from "@/lib/core/transports";
import type { JobQueue } from "@/lib/core/jobs/queue";
import type { Executor } from "@/db";
import { awaitingOutcome, dropDeliveryClaims } from "./claims";
import { deliverEmailJob, EMAILS_PER_DELIVERY_JOB } from "./jobs";
import type { DeliveryDeps } from "./outcomes";
import { receiverOf, throttleScopeOf } from "./receivers";

/**
 * Pacing per receiver (docs/decisions/0056): each email takes a slot of its receiver
 * (gmail.com and googlemail.com are one, lib/sending/receivers.ts) and of the relay it leaves
 * through; both are unpaced until they answer "too fast", then AIMD (lib/core/pacing.ts). An
 * email whose slot is more than MAX_HOLD_MS away is parked: its claim goes, `waiting_on` and
 * `waiting_reason` say whom it waits on and why, and a delivery job is queued for its slot. So
 * one throttling receiver slows only its own mail, and nothing holds a delivery slot waiting.
 */

/** A slot this close is waited for in place; a later one parks the email. */
export const MAX_HOLD_MS = 250;
/** Throttled mail keeps being retried at its receiver's pace for this long, then fails. */
export const MAX_THROTTLED_AGE_MS = 72 * 3_600_000;

export type PaceKeys = { receiver: string; provider: string };

/** What an email is paced under: its `to` receiver and the relays its project sends through. */
export async function paceKeysOf(deps: DeliveryDeps, email: Email): Promise<PaceKeys> {
  const route = await deps.transports.route(email.projectId);
  return {
    receiver: `receiver:${receiverOf(email.to)}`,
    provider: `provider:${route.relays.map((relay) => relay.id).join(",")}`,
  };
}

/** How long the email must wait for its slot (0: go now); the slot is taken. */
export function reserveSlot(deps: DeliveryDeps, keys: PaceKeys): number {
  const pacer = deps.caches.deliveryPacer;
  return pacer.reserve([keys.receiver, keys.provider], deps.clock.now().getTime());
}

/** An email waiting for a slot: whom it waits on, why, and when it may go. */
export type ParkedEmail = {
  email: Email;
  waitingOn: string;
  reason: string;
  delayMs: number;
  /** It took its pacing slot already (not so for the warm-up's "tomorrow"). */
  slotTaken: boolean;
};

/**
 * Learns from an answer: a success lets the receiver's rate grow back; a throttling answer
 * slows its receiver (or the relay, for SES's and Resend's) and returns when the email may be
 * tried again, with why. Null: not a throttling answer (retried as any temporary failure).
 */
export function learnFromOutcome(
  deps: DeliveryDeps,
  keys: PaceKeys,
  outcome: DeliveryOutcome,
  transport: string,
): Omit<ParkedEmail, "email"> | null {
  const pacer = deps.caches.deliveryPacer;
  const now = deps.clock.now().getTime();
  const scope = throttleScopeOf(outcome, transport);
  if (!scope || outcome.kind !== "deferred") {
    if (outcome.kind === "delivered" || outcome.kind === "accepted") {
      pacer.succeeded(keys.receiver, now);
      pacer.succeeded(keys.provider, now);
    }
    return null;
  }
  const key = scope === "receiver" ? keys.receiver : keys.provider;
  pacer.throttled(key, outcome.response, now);
  return {
    waitingOn: waitingOnLabel(key, transport),
    reason: outcome.response,
    delayMs: reserveSlot(deps, keys),
    slotTaken: true,
  };
}

/** `receiver:google` → "google", `provider:…` → "the relay (resend)": what the report shows. */
function waitingOnLabel(key: string, transport: string): string {
  return key.startsWith("receiver:") ? key.slice("receiver:".length) : `relay (${transport})`;
}

/** The label an email parked before it was tried waits on (its receiver, or the relay). */
export function waitingOnOf(
  deps: DeliveryDeps,
  keys: PaceKeys,
): { waitingOn: string; reason: string } {
  const paced = deps.caches.deliveryPacer.snapshot(deps.clock.now().getTime());
  const receiver = paced.find((p) => p.key === keys.receiver);
  const provider = paced.find((p) => p.key === keys.provider);
  const limiting =
    receiver && provider ? (receiver.until >= provider.until ? receiver : provider) : receiver;
  const pace = limiting ?? provider;
  if (!pace) return { waitingOn: keys.receiver.slice("receiver:".length), reason: "Paced" };
  return { waitingOn: waitingOnLabel(pace.key, "relay"), reason: pace.reason };
}

/**
 * Parks emails this run claimed but will not send now: each waits as `sent` without an
 * outcome, without a claim, with a delivery job at its slot, in one transaction, so a crash
 * neither loses nor doubles one.
 */
export async function parkEmails(deps: DeliveryDeps, parked: ParkedEmail[]) {
  if (parked.length === 0) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const [waitingOn, reason, ids] of groupByWait(parked)) {
      await tx
        .update(emails)
        .set({ waitingOn, waitingReason: reason.slice(0, 500), updatedAt: now })
        .where(awaitingOutcome(ids));
    }
    await dropDeliveryClaims(
      tx,
      parked.map((p) => p.email.id),
    );
    await enqueueParked(tx, deps.jobs, parked);
  });
  deps.jobs.notify(deliverEmailJob);
}

/**
 * The delivery jobs of parked emails, at their slots (wall-clock time, as the queue keeps it).
 * Emails whose slot is taken already go in jobs that say `paced`, and go without taking
 * another. Emails whose slots are within MAX_HOLD_MS of each other share a job.
 */
export async function enqueueParked(
  tx: Executor,
  jobs: JobQueue,
  parked: Pick<ParkedEmail, "email" | "delayMs" | "slotTaken">[],
) {
  const batches: { ids: string[]; delayMs: number; priority: number; paced: boolean }[] = [];
  const sorted = [...parked].sort((a, b) => a.delayMs - b.delayMs);
  for (const { email, delayMs, slotTaken } of sorted) {
    const priority = PRIORITY[email.type];
    const last = batches.at(-1);
    if (
      last &&
      last.priority === priority &&
      last.paced === slotTaken &&
      last.ids.length < EMAILS_PER_DELIVERY_JOB &&
      delayMs - last.delayMs <= MAX_HOLD_MS
    ) {
      last.ids.push(email.id);
    } else {
      batches.push({ ids: [email.id], delayMs, priority, paced: slotTaken });
    }
  }
  for (const batch of batches) {
    await jobs.enqueue(
      tx,
      deliverEmailJob,
      batch.paced ? { emailIds: batch.ids, paced: true } : { emailIds: batch.ids },
      { priority: batch.priority, startAfter: new Date(Date.now() + batch.delayMs) },
    );
  }
}

function groupByWait(parked: ParkedEmail[]): [string, string, string[]][] {
  const groups = new Map<string, [string, string, string[]]>();
  for (const { email, waitingOn, reason } of parked) {
    const key = `${waitingOn}\n${reason}`;
    const group = groups.get(key) ?? [waitingOn, reason, []];
    group[2].push(email.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}
