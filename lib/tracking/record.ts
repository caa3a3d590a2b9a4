import { eq, sql } from "drizzle-orm";
import { emailEvents, emails } from "@/db/schema";
import type { Executor } from "@/db";
import { EVENT_EMAIL_COLUMNS, recordEmailEvent } from "../emails/events";
import { reclassifyClicksAsMachine } from "../emails/machine-clicks";
import type { Runtime } from "@/lib/core/runtime";
import { classifyEngagement } from "./classify";
import { linkBurstBefore } from "./click-burst";
import { linkSigningKey } from "./key";
import { claimOpen } from "./open-window";
import { clientFingerprint, type TrackingRequest } from "./request";
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
 * The email a click names, locked until the click is recorded (so the burst rule sees every
 * earlier click of it), with when it was delivered: its first `delivered` event, else `sent_at`
 * (the relay's acceptance, or the provider's).
 */
async function lockEmailForClick(tx: Executor, token: string) {
  const [email] = await tx
    .select({
      ...EVENT_EMAIL_COLUMNS,
      // Epoch milliseconds: a raw timestamp comes back as a string or a Date depending on driver.
      deliveredMs: sql<string | number | null>`(extract(epoch from coalesce((
        select min(${emailEvents.createdAt}) from ${emailEvents}
        where ${emailEvents.emailId} = ${emails.id} and ${emailEvents.type} = 'delivered'
      ), ${emails.sentAt})) * 1000)::float8`,
    })
    .from(emails)
    .where(eq(emails.trackingToken, token))
    .limit(1)
    .for("update");
  if (!email) return null;
  const { deliveredMs, ...rest } = email;
  return { email: rest, deliveredAt: deliveredMs === null ? null : new Date(Number(deliveredMs)) };
}

/**
 * The pixel was loaded: one `opened` event per load (opens are counts), except that one client
 * reloading it within a short window counts once (open-window.ts). Each open says whether a
 * machine made it (classify.ts): Apple's prefetch, a HEAD, a scanner. Returns whether the token
 * named an email; callers answer the same either way.
 */
export async function recordOpen(
  runtime: TrackingRuntime,
  token: string,
  request: TrackingRequest,
): Promise<boolean> {
  if (!isPlausibleToken(token)) return false;
  const client = clientFingerprint(await linkSigningKey(runtime), request);
  const now = runtime.clock.now();
  return runtime.db.transaction(async (tx) => {
    const email = await findEmailByTrackingToken(tx, token);
    if (!email) return false;
    const verdict = classifyEngagement({ ...request, kind: "open", deliveredAt: null, now });
    // A machine's loads and a person's have separate windows: a HEAD from a client must not
    // hide the GET that follows it.
    const windowKey = verdict.machine ? `${client}:machine` : client;
    if (await claimOpen(tx, email, windowKey, now)) {
      await recordEmailEvent(tx, runtime.jobs, { email, type: "opened", now, data: verdict });
    }
    return true;
  });
}

export type ClickInput = {
  token: string;
  url: string | null;
  signature: string | null;
  request: TrackingRequest;
};
export type ClickResult = { ok: true; location: string } | { ok: false };

/**
 * A tracked link was followed. Only a URL signed for this token is ever redirected to, so a
 * tampered, foreign or unknown link is refused (never an open redirect). Each click says whether
 * a machine made it (classify.ts) and which client (its fingerprint): a click on another link of
 * the email less than 5 s after the same client's makes this one and those earlier ones a
 * machine's burst, and the earlier ones are corrected (lib/emails/machine-clicks.ts).
 */
export async function recordClick(
  runtime: TrackingRuntime,
  input: ClickInput,
): Promise<ClickResult> {
  const { token, url, signature, request } = input;
  if (!url || !signature || !isPlausibleToken(token) || !isTrackableUrl(url)) return { ok: false };
  const signingKey = await linkSigningKey(runtime);
  if (!verifyLinkSignature(signingKey, token, url, signature)) return { ok: false };
  const location = new URL(url).href;
  const client = clientFingerprint(signingKey, request);
  let known: boolean;
  try {
    known = await runtime.db.transaction(async (tx) => {
      const found = await lockEmailForClick(tx, token);
      if (!found) return false;
      const { email, deliveredAt } = found;
      const now = runtime.clock.now();
      let verdict = classifyEngagement({ ...request, kind: "click", deliveredAt, now });
      const burst = await linkBurstBefore(tx, { emailId: email.id, client, url, at: now });
      if (burst) {
        await reclassifyClicksAsMachine(tx, email, burst, "link_burst");
        if (!verdict.machine) verdict = { machine: true, reason: "link_burst" };
      }
      await recordEmailEvent(tx, runtime.jobs, {
        email,
        type: "clicked",
        now,
        data: { url, client, ...verdict },
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
