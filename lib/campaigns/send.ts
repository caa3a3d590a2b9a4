import { eq, sql } from "drizzle-orm";
import { campaigns, campaignVariants, emails } from "@/db/schema";
import { rowsOf } from "@/db";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError, ForbiddenError, ValidationError } from "@/lib/core/errors";
import { deliverEmailJob } from "@/lib/sending/jobs";
import { fanOutCampaignJob } from "./jobs";
import type { Runtime } from "@/lib/core/runtime";
import { deliverEmails } from "../sending/deliver";
import { requireVerifiedSender } from "../domains/verified-sender";
import { FANOUT_BATCH, fanOutBatch, markCampaignSent } from "./fanout";
import { findCampaignOrThrow, type CampaignWithVariants } from "./internal";

/*
 * How a campaign is sent, step by step:
 * 1. `sendCampaign` (API route, dashboard action): draft → queued, and the due-work poller is
 *    woken. With WORKER=off it sends inline instead (`sendInline`, up to INLINE_RECIPIENT_CAP).
 * 2. `startDueCampaigns`, a pass of the due-work poller (lib/start/workers.ts): queued and due →
 *    sending, with a `fanOutCampaignJob` (jobs.ts) in the same transaction.
 * 3. `runCampaignFanout`, that job's handler (handlers.ts): `fanOutBatch` (fanout.ts) records
 *    each batch's emails with their `deliverEmailJob`s (lib/sending/jobs.ts) until the audience
 *    is done. An A/B test stops after its sample; `decideAbWinners` (ab-test.ts, another poller
 *    pass) enqueues a `fanOutCampaignJob` for the rest.
 */

/** Without a worker (WORKER=off) a send runs inside the request, for at most this many recipients. */
export const INLINE_RECIPIENT_CAP = 200;
/** Inline deliveries go to the transport's pool this many at a time. */
const INLINE_DELIVERY_BATCH = 50;

export type SendCampaignResult =
  | (CampaignWithVariants & { mode: "queued" })
  | (CampaignWithVariants & { mode: "inline"; sent: number; failed: number; queued: number });

/**
 * POST /v1/campaigns/:id/send. Test keys: 403. Only a draft can be sent (409 otherwise) and it
 * needs a template (422). With a worker the campaign is `queued` (202): a worker starts it at
 * `scheduled_at` or at once. Without one it runs inline: the first 200 recipients are sent and
 * delivered within the request, and the result counts them.
 */
export async function sendCampaign(
  ctx: ServiceContext,
  campaignId: string,
): Promise<SendCampaignResult> {
  if (ctx.keyMode === "test") {
    throw new ForbiddenError(
      "Test keys cannot send campaigns: use a live key.",
      "test_key_campaign",
    );
  }
  const inline = ctx.config.worker === "off";
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (tx) => {
    const { campaign } = await findCampaignOrThrow(tx, ctx.projectId, campaignId, {
      forUpdate: true,
    });
    if (campaign.status !== "draft") {
      throw new ConflictError(
        `The campaign is already ${campaign.status}.`,
        `campaign_${campaign.status}`,
      );
    }
    if (!campaign.templateId) {
      throw new ValidationError(
        "The campaign has no template: set one before sending.",
        [{ path: "template", message: "is required to send" }],
        "campaign_template_missing",
      );
    }
    await requireVerifiedSender(tx, ctx.projectId, campaign.fromEmail, "from_email");
    await tx
      .update(campaigns)
      .set(
        inline
          ? { status: "sending", startedAt: now, updatedAt: now }
          : { status: "queued", updatedAt: now },
      )
      .where(eq(campaigns.id, campaign.id));
  });
  if (!inline) {
    ctx.dueWork.wake();
    return { ...(await findCampaignOrThrow(ctx.db, ctx.projectId, campaignId)), mode: "queued" };
  }
  return { ...(await sendInline(ctx, campaignId)), mode: "inline" };
}

async function sendInline(ctx: ServiceContext, campaignId: string) {
  const emailIds: string[] = [];
  let done = false;
  while (!done && emailIds.length < INLINE_RECIPIENT_CAP) {
    const batch = await fanOutBatch(ctx, campaignId, INLINE_RECIPIENT_CAP - emailIds.length);
    emailIds.push(...batch.emailIds);
    done = batch.done;
    // Without a worker nobody decides an A/B winner later: the inline send ends with the sample.
    if (batch.waiting) break;
  }
  if (!done) {
    // The cap is reached: the rest of the audience is not sent (run a worker for more).
    await markCampaignSent(ctx.db, campaignId, ctx.clock.now());
  }
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < emailIds.length; i += INLINE_DELIVERY_BATCH) {
    const outcomes = await deliverEmails(ctx, emailIds.slice(i, i + INLINE_DELIVERY_BATCH));
    for (const outcome of outcomes.values()) {
      if (outcome.kind === "failed" || outcome.kind === "bounced") failed++;
      else sent++;
    }
  }
  const [row] = rowsOf<{ n: number }>(
    await ctx.db.execute(
      sql`select count(*)::int as n from ${emails} where campaign_id = ${campaignId} and status = 'queued'`,
    ),
  );
  return {
    ...(await findCampaignOrThrow(ctx.db, ctx.projectId, campaignId)),
    sent,
    failed,
    queued: row?.n ?? 0,
  };
}

/**
 * The worker side: queued campaigns whose time has come (no `scheduled_at`, or passed on the
 * injected clock) start sending, each with its fan-out job, claimed and enqueued in one
 * transaction; stuck sending campaigns get a new job.
 */
export async function startDueCampaigns(runtime: Runtime): Promise<number> {
  const now = runtime.clock.now();
  const started = await runtime.db.transaction(async (tx) => {
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update ${campaigns} set status = 'sending', started_at = ${now.toISOString()}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        where id in (
          select id from ${campaigns}
          where status = 'queued' and (scheduled_at is null or scheduled_at <= ${now.toISOString()}::timestamptz)
          limit 20 for update skip locked)
        returning id`),
    );
    // A sending campaign that made no progress for AUTOMATION_REDISPATCH_SECONDS lost its job
    // (retries used up): hand it out again. A second job is harmless (the fan-out locks the row).
    // Campaigns waiting for an A/B winner are not stuck.
    const stale = new Date(now.getTime() - runtime.config.automationRedispatchSeconds * 1000);
    const stuck = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update ${campaigns} set updated_at = ${now.toISOString()}::timestamptz
        where id in (
          select id from ${campaigns}
          where status = 'sending' and updated_at < ${stale.toISOString()}::timestamptz
            and not (ab_decide_at is not null and ab_winner is null)
          limit 20 for update skip locked)
        returning id`),
    );
    await runtime.jobs.enqueueMany(
      tx,
      fanOutCampaignJob,
      [...rows, ...stuck].map((r) => ({ campaignId: r.id })),
    );
    return rows.length + stuck.length;
  });
  if (started > 0) runtime.jobs.notify(fanOutCampaignJob);
  return started;
}

/** How long one fan-out job works before handing over to a fresh job (leases stay short). */
const FANOUT_SLICE_MS = 20_000;

/**
 * How far a campaign's fan-out may run ahead of its delivery: emails recorded and still without
 * an outcome. A fan-out that ran free recorded a million emails in 13 minutes while delivery,
 * sharing the database with it, fell from 920 to under 300 a second (README, 2026-11-29): with a
 * bounded lead the two take turns, and a paused or canceled campaign has less mail in flight.
 */
export const FANOUT_AHEAD = 10_000;
/**
 * Delivery that settled nothing for this long (relay down, mail parked by pacing or warm-up) does
 * not hold the fan-out back: what it records then competes with nothing. Under FANOUT_SLICE_MS,
 * so each slice finds out for itself.
 */
const FANOUT_STALL_MS = 15_000;
const FANOUT_CREDIT_POLL_MS = 200;

/**
 * A fan-out job: batches until the audience is done, each at most as large as the campaign's
 * credit (FANOUT_AHEAD minus the emails still waiting for an outcome), paced by
 * SEND_RATE_PER_SECOND when set; after FANOUT_SLICE_MS it enqueues its continuation. A job that
 * dies is retried and resumes at the saved cursor.
 */
export async function runCampaignFanout(
  runtime: Runtime,
  campaignId: string,
  options: { ahead?: number; stallMs?: number } = {},
) {
  const { ahead = FANOUT_AHEAD, stallMs = FANOUT_STALL_MS } = options;
  const started = Date.now();
  const rate = runtime.config.sendRatePerSecond;
  let lastSettled = { count: -1, at: started };
  for (;;) {
    const { waiting, settled } = await campaignBacklog(runtime, campaignId);
    if (settled !== lastSettled.count) lastSettled = { count: settled, at: Date.now() };
    const stalled = Date.now() - lastSettled.at > stallMs;
    const credit = stalled ? FANOUT_BATCH : Math.min(FANOUT_BATCH, ahead - waiting);
    if (credit > 0) {
      const batchStarted = Date.now();
      const batch = await fanOutBatch(runtime, campaignId, credit);
      if (batch.emailIds.length > 0) runtime.jobs.notify(deliverEmailJob);
      // Done, or an A/B sample is out: the winner's decision enqueues the rest (ab-test.ts).
      if (batch.done || batch.waiting) return;
      if (rate) {
        const due = (batch.emailIds.length / rate) * 1000 - (Date.now() - batchStarted);
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
    } else {
      await new Promise((r) => setTimeout(r, FANOUT_CREDIT_POLL_MS));
    }
    if (Date.now() - started > FANOUT_SLICE_MS) {
      await runtime.db.transaction(async (tx) => {
        // Waiting for delivery is progress too: the stuck-campaign check (startDueCampaigns)
        // must not hand out a second job while this one's continuation is queued.
        await tx
          .update(campaigns)
          .set({ updatedAt: runtime.clock.now() })
          .where(eq(campaigns.id, campaignId));
        await runtime.jobs.enqueue(tx, fanOutCampaignJob, { campaignId });
      });
      return;
    }
  }
}

/**
 * A campaign's emails recorded and not yet settled (delivered, bounced or failed), and those
 * settled, from its variants' counters (the outcome's transaction moves them).
 */
async function campaignBacklog(runtime: Runtime, campaignId: string) {
  const v = campaignVariants;
  const [row] = await runtime.db
    .select({
      waiting: sql<number>`coalesce(sum(${v.sent} - ${v.delivered} - ${v.bounced} - ${v.failed}), 0)::int`,
      settled: sql<number>`coalesce(sum(${v.delivered} + ${v.bounced} + ${v.failed}), 0)::int`,
    })
    .from(v)
    .where(eq(v.campaignId, campaignId));
  return { waiting: row?.waiting ?? 0, settled: row?.settled ?? 0 };
}
