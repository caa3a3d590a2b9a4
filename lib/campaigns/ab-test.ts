import { and, eq, isNull, lte } from "drizzle-orm";
import { campaigns, type Campaign, type CampaignVariant } from "@/db/schema";
import type { Executor } from "@/db";
import { fanOutCampaignJob } from "./jobs";
import type { Runtime } from "@/lib/core/runtime";
import { variantsOf } from "./internal";

/**
 * A/B test with an automatic winner: the variants go, evenly, to `sample_percent` of the
 * recipients; after `wait` the variant with the best open (or click) rate among them goes to
 * everybody else, counting people only (DECISIONS §14: an inbox's prefetch or a gateway's link
 * scan must not pick the subject). Ties go to the earlier variant (A first).
 */
export type AbPlan =
  | { phase: "off" }
  | { phase: "sample"; remaining: number }
  | { phase: "waiting" }
  | { phase: "winner"; winner: string };

/** Where a campaign's A/B test stands before a fan-out step (sizing the sample on first use). */
export async function abPlan(
  tx: Executor,
  campaign: Campaign,
  variants: CampaignVariant[],
  audience: () => Promise<number>,
): Promise<AbPlan> {
  if (!campaign.abSamplePercent || variants.length < 2) return { phase: "off" };
  if (campaign.abWinner) return { phase: "winner", winner: campaign.abWinner };
  let sample = campaign.abSampleSize;
  if (sample === null) {
    const eligible = await audience();
    sample = Math.min(
      eligible,
      Math.max(variants.length, Math.ceil((eligible * campaign.abSamplePercent) / 100)),
    );
    await tx.update(campaigns).set({ abSampleSize: sample }).where(eq(campaigns.id, campaign.id));
  }
  const sent = variants.reduce((sum, v) => sum + v.recipients, 0);
  return sent < sample ? { phase: "sample", remaining: sample - sent } : { phase: "waiting" };
}

/** The sample is out: the winner is decided `abWaitMinutes` from now. */
export async function startAbWait(tx: Executor, campaign: Campaign, now: Date) {
  if (campaign.abDecideAt) return;
  const decideAt = new Date(now.getTime() + (campaign.abWaitMinutes ?? 60) * 60_000);
  await tx
    .update(campaigns)
    .set({ abDecideAt: decideAt, updatedAt: now })
    .where(eq(campaigns.id, campaign.id));
}

export function pickWinner(
  variants: CampaignVariant[],
  metric: "open_rate" | "click_rate",
): string {
  const rate = (v: CampaignVariant) =>
    v.delivered === 0 ? 0 : (metric === "open_rate" ? v.humanOpened : v.humanClicked) / v.delivered;
  return [...variants].sort((a, b) => rate(b) - rate(a) || a.key.localeCompare(b.key))[0]!.key;
}

/** Poller pass: campaigns whose wait is over get their winner and a fan-out job for the rest. */
export async function decideAbWinners(runtime: Runtime): Promise<number> {
  const now = runtime.clock.now();
  const decided = await runtime.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(campaigns)
      .where(
        and(
          eq(campaigns.status, "sending"),
          isNull(campaigns.abWinner),
          lte(campaigns.abDecideAt, now),
        ),
      )
      .limit(20)
      .for("update", { skipLocked: true });
    for (const campaign of due) {
      const winner = pickWinner(
        await variantsOf(tx, [campaign.id]),
        campaign.abMetric ?? "open_rate",
      );
      await tx
        .update(campaigns)
        .set({ abWinner: winner, updatedAt: now })
        .where(eq(campaigns.id, campaign.id));
    }
    await runtime.jobs.enqueueMany(
      tx,
      fanOutCampaignJob,
      due.map((c) => ({ campaignId: c.id })),
    );
    return due.length;
  });
  if (decided > 0) runtime.jobs.notify(fanOutCampaignJob);
  return decided;
}
