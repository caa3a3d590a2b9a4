import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

/** One UTC day of live sending: counts of the emails created that day, by what became of them. */
export type SendingDay = {
  day: string;
  sent: number;
  /** Reached an inbox: delivered (or complained), or opened or clicked, which proves it. */
  delivered: number;
  /** Opened (clicked) by a person: machines' opens and clicks prove delivery, not interest. */
  opened: number;
  clicked: number;
  bounced: number;
  complained: number;
};

const DAY = 86_400_000;

/**
 * The last `days` UTC days (today included) of the project's live email, by the day each email
 * was created: how many went out (left the queue), and how many of those were delivered,
 * opened, clicked, bounced or complained about. Rates per day are then cohort rates: "of what
 * was sent that day, how much was opened", which do not drift as late opens arrive; opened and
 * clicked count people (DECISIONS §14), delivered any proof of delivery. Test-mode
 * emails are simulated and left out. One range scan of (project_id, created_at) — only days
 * with email are returned.
 */
export async function sendingByDay(ctx: ServiceContext, days = 30): Promise<SendingDay[]> {
  const today = Math.floor(ctx.clock.now().getTime() / DAY) * DAY;
  const since = new Date(today - (days - 1) * DAY);
  const day = sql<string>`to_char(date_trunc('day', ${emails.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const countWhere = (condition: SQL) =>
    sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const { status, opens, clicks, humanOpens, humanClicks } = emails;
  return ctx.db
    .select({
      day,
      sent: countWhere(sql`${status} <> 'queued'`),
      delivered: countWhere(
        sql`${status} in ('delivered', 'complained') or ${opens} > 0 or ${clicks} > 0`,
      ),
      opened: countWhere(sql`${humanOpens} > 0`),
      clicked: countWhere(sql`${humanClicks} > 0`),
      bounced: countWhere(sql`${status} = 'bounced'`),
      complained: countWhere(sql`${status} = 'complained'`),
    })
    .from(emails)
    .where(
      and(
        eq(emails.projectId, ctx.projectId),
        gte(emails.createdAt, since),
        eq(emails.mode, "live"),
      ),
    )
    .groupBy(day)
    .orderBy(day);
}
