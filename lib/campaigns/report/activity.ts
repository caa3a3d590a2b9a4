import { and, eq, inArray, sql } from "drizzle-orm";
import { emailEvents, emails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

export type ActivityBucket = { hour: string; delivered: number; opened: number; clicked: number };

const COUNTED = ["delivered", "opened", "clicked"] as const;

/**
 * A campaign's engagement over time: per UTC hour, how many of its emails were delivered, first
 * opened and first clicked by a person in that hour. Firsts, not every event, and people's, not
 * machines' (DECISIONS §14), so the hours add up to the human counts of the stats cards — until
 * the project's "Keep events" days remove the events (the cards' counters stay; 0055). Only
 * hours with activity are returned; the chart fills gaps.
 */
export async function campaignActivity(
  ctx: ServiceContext,
  campaignId: string,
): Promise<ActivityBucket[]> {
  const firsts = ctx.db
    .select({
      type: emailEvents.type,
      at: sql<Date>`min(${emailEvents.createdAt})`.as("first_at"),
    })
    .from(emailEvents)
    .innerJoin(emails, eq(emails.id, emailEvents.emailId))
    .where(
      and(
        eq(emails.projectId, ctx.projectId),
        eq(emails.campaignId, campaignId),
        eq(emailEvents.projectId, ctx.projectId),
        inArray(emailEvents.type, [...COUNTED]),
        sql`coalesce(${emailEvents.data} ->> 'machine', 'false') <> 'true'`,
      ),
    )
    .groupBy(emailEvents.emailId, emailEvents.type)
    .as("firsts");
  const hour = sql<string>`to_char(date_trunc('hour', ${firsts.at} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"')`;
  const countOf = (type: (typeof COUNTED)[number]) =>
    sql<number>`count(*) filter (where ${firsts.type} = ${type})`.mapWith(Number);
  return ctx.db
    .select({
      hour,
      delivered: countOf("delivered"),
      opened: countOf("opened"),
      clicked: countOf("clicked"),
    })
    .from(firsts)
    .groupBy(hour)
    .orderBy(hour);
}
