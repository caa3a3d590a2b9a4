import { createHash } from "node:crypto";
import { asc, eq, inArray, lt, sql } from "drizzle-orm";
import { signInThrottles } from "@/db/schema";
import type { Database, Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import { warnNoClientAddress } from "@/lib/core/http/client-address";
import type { WarnOnce } from "@/lib/core/warn-once";
import type { AccountPasswordCheck } from "@/lib/users/password";
import { verifyCredentials } from "@/lib/users/users";

/**
 * Sign-in throttling, per account and per client address, in the database so that every web
 * process counts the same attempts. Each counter allows a few failures, then makes the next
 * attempt wait: 1 s, 2 s, 4 s … up to 15 minutes. A successful sign-in clears its account's
 * counter. A counter left alone for a day starts over (and its row is pruned).
 *
 * An attempt is counted as failed before the password is checked and forgiven if it was right:
 * parallel guesses cannot all slip in before the first failure is written. A throttled attempt
 * checks no password and says nothing about the account, so it answers the same (and as fast)
 * whether the account exists or not; unknown accounts are counted exactly like known ones.
 */
export const ACCOUNT_FREE_FAILURES = 5;
/** Higher: several people behind one office or NAT address share it. */
export const ADDRESS_FREE_FAILURES = 20;
const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * 60_000;
const FORGOTTEN_AFTER_MS = 24 * 60 * 60_000;

export type SignInInput = { email: string; password: string; address: string | null };
export type SignInAttempt =
  | { outcome: "ok"; user: NonNullable<Awaited<ReturnType<typeof verifyCredentials>>> }
  | { outcome: "invalid" }
  | { outcome: "throttled"; retryAfterSeconds: number };

type Counter = { key: string; freeFailures: number };

type ThrottleDeps = { db: Database; clock: Clock; warnOnce: WarnOnce };

export async function throttledSignIn(
  deps: ThrottleDeps,
  input: SignInInput,
): Promise<SignInAttempt> {
  const now = deps.clock.now();
  const counters: Counter[] = [
    {
      key: counterKey("account", input.email.trim().toLowerCase()),
      freeFailures: ACCOUNT_FREE_FAILURES,
    },
  ];
  if (input.address) {
    counters.push({
      key: counterKey("address", input.address),
      freeFailures: ADDRESS_FREE_FAILURES,
    });
  } else {
    warnNoClientAddress(deps);
  }
  const waitMs = await claimAttempt(deps.db, counters, now);
  if (waitMs > 0) return { outcome: "throttled", retryAfterSeconds: Math.ceil(waitMs / 1000) };

  const user = await verifyCredentials(deps.db, input.email, input.password);
  if (!user) return { outcome: "invalid" };
  await forgiveAttempt(deps.db, counters);
  return { outcome: "ok", user };
}

/**
 * A password check for forms other than sign-in (an invitation for an existing account, the
 * current password on Settings → Your account): counted and throttled exactly as sign-in is.
 */
export function throttledPasswordCheck(
  deps: ThrottleDeps,
  address: string | null,
): AccountPasswordCheck {
  return async (email, password) => {
    const attempt = await throttledSignIn(deps, { email, password, address });
    return attempt.outcome === "throttled"
      ? { retryAfterSeconds: attempt.retryAfterSeconds }
      : attempt.outcome;
  };
}

/** The delay after `failures` failures on a counter that allows `freeFailures` (0: none). */
export function delayAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - freeFailures, 30));
}

/** "Too many attempts. Try again in 3 minutes." (seconds while under a minute) */
export function throttledMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? plural(Math.max(1, retryAfterSeconds), "second")
      : plural(Math.ceil(retryAfterSeconds / 60), "minute");
  return `Too many attempts. Try again in ${wait}.`;
}

function plural(count: number, unit: string) {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/**
 * One transaction: make sure both counter rows exist, lock them (in key order, so concurrent
 * attempts cannot deadlock), and either answer how long to wait or count this attempt.
 */
async function claimAttempt(db: Database, counters: Counter[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(signInThrottles)
      .values(counters.map(({ key }) => ({ key, failures: 0, updatedAt: now })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(signInThrottles)
      .where(
        inArray(
          signInThrottles.key,
          counters.map((c) => c.key),
        ),
      )
      .orderBy(asc(signInThrottles.key))
      .for("update");
    const forgottenBefore = now.getTime() - FORGOTTEN_AFTER_MS;
    let waitMs = 0;
    for (const row of rows) {
      if (row.updatedAt.getTime() < forgottenBefore) continue;
      waitMs = Math.max(waitMs, (row.blockedUntil?.getTime() ?? 0) - now.getTime());
    }
    if (waitMs > 0) return waitMs;

    for (const row of rows) {
      const counter = counters.find((c) => c.key === row.key)!;
      const failures = row.updatedAt.getTime() < forgottenBefore ? 1 : row.failures + 1;
      const delay = delayAfter(failures, counter.freeFailures);
      await tx
        .update(signInThrottles)
        .set({
          failures,
          blockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null,
          updatedAt: now,
        })
        .where(eq(signInThrottles.key, row.key));
    }
    await pruneForgotten(tx, new Date(forgottenBefore));
    return 0;
  });
}

/**
 * The attempt was right: the account starts over; the address gets this attempt back (its
 * earlier failures stand, so one valid account cannot launder guesses at others).
 */
async function forgiveAttempt(db: Database, counters: Counter[]) {
  const [account, address] = counters;
  await db.delete(signInThrottles).where(eq(signInThrottles.key, account!.key));
  if (!address) return;
  await db
    .update(signInThrottles)
    .set({
      failures: sql`greatest(${signInThrottles.failures} - 1, 0)`,
      blockedUntil: sql`case when ${signInThrottles.failures} - 1 >= ${address.freeFailures} then ${signInThrottles.blockedUntil} end`,
    })
    .where(eq(signInThrottles.key, address.key));
}

/** A bounded batch per failed attempt keeps the table small without a background job. */
async function pruneForgotten(tx: Executor, before: Date) {
  const stale = tx
    .select({ key: signInThrottles.key })
    .from(signInThrottles)
    .where(lt(signInThrottles.updatedAt, before))
    .limit(100);
  await tx.delete(signInThrottles).where(inArray(signInThrottles.key, stale));
}

/** Rows are named by a hash: the table never stores addresses or what people typed as email. */
function counterKey(kind: "account" | "address", value: string): string {
  return createHash("sha256").update(`${kind}:${value}`).digest("base64url");
}
