import { eq } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { Executor } from "@/db";
import { EVENT_EMAIL_COLUMNS, recordEmailEvent } from "../emails/events";
import type { Runtime } from "@/lib/core/runtime";
import { linkSigningKey } from "./key";
import { claimOpen } from "./open-window";
import { isTrackableUrl, verifyLinkSignature } from "./signature";
import { isPlausibleToken } from "./token";

export type TrackingRuntime = Pick<Runtime, "db" | "jobs" | "clock" | "caches">;

async function findEmailByTrackingToken(tx: Executor, token: string) {
  const [email] = await tx
    .select(EVENT_EMAIL_COLUMNS)
    .from(emails)
    .where(eq(emails.trackingToken, token))
    .limit(1);
  return email ?? null;
}

/**
 * The pixel was loaded: one `opened` event per load (opens are counts), except that one client
 * reloading it within a short window counts once (open-window.ts); `client` is its fingerprint.
 * Returns whether the token named an email; callers answer the same either way. Mail-client
 * prefetching and privacy proxies (Apple MPP, Gmail's image proxy) inflate opens: no bot
 * filtering is done.
 */
export async function recordOpen(
  runtime: TrackingRuntime,
  token: string,
  client: string,
): Promise<boolean> {
  if (!isPlausibleToken(token)) return false;
  const now = runtime.clock.now();
  return runtime.db.transaction(async (tx) => {
    const email = await findEmailByTrackingToken(tx, token);
    if (!email) return false;
    if (await claimOpen(tx, email.id, client, now)) {
      await recordEmailEvent(tx, runtime.jobs, { email, type: "opened", now });
    }
    return true;
  });
}

export type ClickInput = { token: string; url: string | null; signature: string | null };
export type ClickResult = { ok: true; location: string } | { ok: false };

/**
 * A tracked link was followed. Only a URL signed for this token is ever redirected to, so a
 * tampered, foreign or unknown link is refused (never an open redirect). Link scanners that
 * follow every link count as clicks: no bot filtering is done.
 */
export async function recordClick(
  runtime: TrackingRuntime,
  input: ClickInput,
): Promise<ClickResult> {
  const { token, url, signature } = input;
  if (!url || !signature || !isPlausibleToken(token) || !isTrackableUrl(url)) return { ok: false };
  const signingKey = await linkSigningKey(runtime);
  if (!verifyLinkSignature(signingKey, token, url, signature)) return { ok: false };
  const location = new URL(url).href;
  let known: boolean;
  try {
    known = await runtime.db.transaction(async (tx) => {
      const email = await findEmailByTrackingToken(tx, token);
      if (!email) return false;
      await recordEmailEvent(tx, runtime.jobs, {
        email,
        type: "clicked",
        now: runtime.clock.now(),
        data: { url },
      });
      return true;
    });
  } catch (error) {
    // The signature proves we issued this link: the reader still gets where they were going.
    console.error("[tracking] click not recorded", error);
    known = true;
  }
  return known ? { ok: true, location } : { ok: false };
}
