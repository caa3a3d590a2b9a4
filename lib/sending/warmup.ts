import { and, eq, sql } from "drizzle-orm";
import { domainDailySends, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import { sendingDomainOf } from "./compose";
import type { DeliveryDeps } from "./outcomes";
import type { ParkedEmail } from "./pacing";

/**
 * Campaign emails a newly verified domain may send on its first days (UTC days since it was
 * verified): receivers judge a new domain by its first weeks, and a sudden million from a
 * stranger reads as spam. The caps roughly double every day or two, the curve mailbox
 * providers' sender guides describe; from day WARMUP_DAYS on there is no cap. Transactional and
 * automation mail is never held back: it is one-to-one and expected now (docs/delivery.md).
 */
export const WARMUP_DAILY_CAPS = [
  1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 50_000, 80_000, 120_000, 180_000, 250_000, 350_000,
  500_000, 700_000, 1_000_000,
];
export const WARMUP_DAYS = WARMUP_DAILY_CAPS.length;
const DAY_MS = 86_400_000;

export type WarmupDay = { day: number; cap: number; date: string; nextDayAt: Date };

/** The domain's warm-up day and cap at `now`, or null once it is warm (or warm-up is off). */
export function warmupDay(
  domain: { warmup: boolean; verifiedAt: Date | null },
  now: Date,
): WarmupDay | null {
  if (!domain.warmup || !domain.verifiedAt) return null;
  const startDay = Math.floor(domain.verifiedAt.getTime() / DAY_MS);
  const today = Math.floor(now.getTime() / DAY_MS);
  const day = Math.max(0, today - startDay);
  if (day >= WARMUP_DAYS) return null;
  return {
    day: day + 1,
    cap: WARMUP_DAILY_CAPS[day]!,
    date: new Date(today * DAY_MS).toISOString().slice(0, 10),
    nextDayAt: new Date((today + 1) * DAY_MS),
  };
}

/**
 * Takes up to `wanted` of today's allowance for the domain and says how many it got: the rest
 * waits for tomorrow. One row per domain and day, locked for the update, so workers delivering
 * the same campaign at once never exceed the cap between them.
 */
export async function takeWarmupAllowance(
  db: Executor,
  domain: { projectId: string; id: string },
  day: WarmupDay,
  wanted: number,
): Promise<number> {
  if (wanted <= 0) return 0;
  return db.transaction(async (tx) => {
    await tx
      .insert(domainDailySends)
      .values({ projectId: domain.projectId, domainId: domain.id, day: day.date, sent: 0 })
      .onConflictDoNothing();
    const where = and(
      eq(domainDailySends.projectId, domain.projectId),
      eq(domainDailySends.domainId, domain.id),
      eq(domainDailySends.day, day.date),
    );
    const [row] = await tx
      .select({ sent: domainDailySends.sent })
      .from(domainDailySends)
      .where(where)
      .for("update");
    const granted = Math.max(0, Math.min(wanted, day.cap - (row?.sent ?? 0)));
    if (granted > 0) {
      await tx
        .update(domainDailySends)
        .set({ sent: sql`${domainDailySends.sent} + ${granted}` })
        .where(where);
    }
    return granted;
  });
}

/** How many campaign emails the domain sent today under warm-up (the Domains page shows it). */
export async function warmupSentToday(
  db: Executor,
  domain: { projectId: string; id: string },
  day: WarmupDay,
): Promise<number> {
  const [row] = await db
    .select({ sent: domainDailySends.sent })
    .from(domainDailySends)
    .where(
      and(
        eq(domainDailySends.projectId, domain.projectId),
        eq(domainDailySends.domainId, domain.id),
        eq(domainDailySends.day, day.date),
      ),
    );
  return row?.sent ?? 0;
}

/**
 * Campaign emails of a run whose sending domain is in warm-up take today's allowance; those
 * past it wait for tomorrow (parked, pacing.ts). Everything else is sendable as it is.
 */
export async function holdForWarmup(
  deps: DeliveryDeps,
  batch: Email[],
): Promise<{ sendable: Email[]; parked: ParkedEmail[] }> {
  const now = deps.clock.now();
  const sendable: Email[] = [];
  const byDomain = new Map<string, { domain: WarmupDomain; day: WarmupDay; emails: Email[] }>();
  for (const email of batch) {
    const counts = email.campaignId !== null && email.mode === "live";
    const signing = counts ? await sendingDomainOf(deps, email) : null;
    const day = signing ? warmupDay(signing.domain, now) : null;
    if (!signing || !day) {
      sendable.push(email);
      continue;
    }
    const group = byDomain.get(signing.domain.id) ?? { domain: signing.domain, day, emails: [] };
    group.emails.push(email);
    byDomain.set(signing.domain.id, group);
  }
  const parked: ParkedEmail[] = [];
  for (const { domain, day, emails: waiting } of byDomain.values()) {
    const granted = await takeWarmupAllowance(deps.db, domain, day, waiting.length);
    sendable.push(...waiting.slice(0, granted));
    const reason =
      `Warm-up day ${day.day} of ${WARMUP_DAYS} for ${domain.name}: ` +
      `${day.cap.toLocaleString("en-US")} campaign emails a day`;
    for (const email of waiting.slice(granted)) {
      parked.push({
        email,
        waitingOn: "warm-up",
        reason,
        delayMs: day.nextDayAt.getTime() - now.getTime(),
        slotTaken: false,
      });
    }
  }
  return { sendable, parked };
}

type WarmupDomain = { projectId: string; id: string; name: string };
