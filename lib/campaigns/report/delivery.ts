import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

/** Where a campaign's emails stand after the fan-out: the report says "Sent" only once none is in flight. */
export type CampaignDelivery = {
  /** Emails not final yet: `queued` or `sent` (final: delivered, bounced, failed, complained). */
  inFlight: number;
  /** Of those, `queued`: waiting for the worker, for a resume, or for a provider to be configured. */
  queued: number;
  /**
   * False without SMTP_URL or RESEND_API_KEY: queued emails wait until a worker starts with one
   * (lib/sending/sweep.ts), so the report says so instead of "Sending" forever.
   */
  deliveryConfigured: boolean;
  /**
   * Emails parked by pacing (lib/sending/pacing.ts), per whom they wait on: a receiver that
   * asked us to slow down ("google"), the relay, or the sending domain's warm-up; with the
   * latest reason given. Largest first.
   */
  waiting: CampaignWaiting[];
};

export type CampaignWaiting = { on: string; reason: string; count: number };

/**
 * Counts the campaign's in-flight emails. Only `queued` and `sent` rows are read, through the
 * (campaign_id, status) index: once a large campaign is mostly delivered the count touches a
 * handful of index entries, not every email of it (cheap enough to poll every few seconds).
 */
export async function campaignDelivery(
  ctx: ServiceContext,
  campaignId: string,
): Promise<CampaignDelivery> {
  const [row] = await ctx.db
    .select({
      inFlight: count(),
      queued: sql<number>`count(*) filter (where ${emails.status} = 'queued')`.mapWith(Number),
    })
    .from(emails)
    .where(
      and(
        eq(emails.campaignId, campaignId),
        inArray(emails.status, ["queued", "sent"]),
        eq(emails.projectId, ctx.projectId),
      ),
    );
  return {
    inFlight: row?.inFlight ?? 0,
    queued: row?.queued ?? 0,
    deliveryConfigured: await ctx.transports.canDeliver(ctx.projectId),
    waiting: row?.inFlight ? await campaignWaiting(ctx, campaignId) : [],
  };
}

/** Parked emails per receiver, through the partial (campaign_id, waiting_on) index. */
async function campaignWaiting(ctx: ServiceContext, campaignId: string) {
  const rows = await ctx.db
    .select({
      on: emails.waitingOn,
      reason: sql<string>`max(${emails.waitingReason})`,
      count: count(),
    })
    .from(emails)
    .where(
      and(
        eq(emails.campaignId, campaignId),
        isNotNull(emails.waitingOn),
        eq(emails.projectId, ctx.projectId),
      ),
    )
    .groupBy(emails.waitingOn)
    .orderBy(desc(count()))
    .limit(MAX_WAITING_GROUPS);
  return rows.map((row) => ({ on: row.on!, reason: row.reason ?? "", count: row.count }));
}

/** The report names this many receivers at most: the ones holding the most mail. */
const MAX_WAITING_GROUPS = 5;
