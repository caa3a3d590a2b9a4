import { and, eq, sql } from "drizzle-orm";
import { domainDailySends, domains, type Domain } from "@/db/schema";
import type { Executor } from "@/db";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";

/**
 * Campaign emails a newly verified domain may send on its first days (UTC days since it was
 * verified): receivers judge a new domain by its first weeks, and a sudden million from a
 * stranger reads as spam. The caps roughly double every day or two, the curve mailbox
 * providers' sender guides describe; from day WARMUP_DAYS on there is no cap. Transactional and
 * automation mail is never held back: it is one-to-one and expected now (docs/decisions/0056).
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

/** What Settings → Domains shows of a domain's warm-up. */
export type DomainWarmupStatus = {
  on: boolean;
  /** Null when off, not verified yet, or past the schedule (warm). */
  today: { day: number; days: number; cap: number; sent: number } | null;
};

export async function domainWarmupStatus(
  ctx: Pick<ServiceContext, "db" | "clock" | "projectId">,
  domain: Pick<Domain, "id" | "warmup" | "verifiedAt">,
): Promise<DomainWarmupStatus> {
  const day = warmupDay(domain, ctx.clock.now());
  if (!day) return { on: domain.warmup, today: null };
  const sent = await warmupSentToday(ctx.db, { projectId: ctx.projectId, id: domain.id }, day);
  return { on: true, today: { day: day.day, days: WARMUP_DAYS, cap: day.cap, sent } };
}

/** Settings → Domains, "Warm-up": on for new domains; off sends at full speed from day one. */
export async function setDomainWarmup(ctx: ServiceContext, domainId: string, on: boolean) {
  authorize(ctx, "domains.manage");
  const [domain] = await ctx.db
    .update(domains)
    .set({ warmup: on, updatedAt: ctx.clock.now() })
    .where(and(eq(domains.projectId, ctx.projectId), eq(domains.id, domainId)))
    .returning();
  if (!domain) throw new NotFoundError("Domain");
  // This process's deliveries see the change at once; other processes within seconds.
  ctx.caches.signingDomains.clear();
  return domain;
}
