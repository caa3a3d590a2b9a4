import { and, eq, sql } from "drizzle-orm";
import { isAnyOf } from "@/db/id-list";
import {
  automationRuns,
  automations,
  campaigns,
  campaignVariants,
  emails,
  projects,
  type BreakerBaseline,
  type Email,
} from "@/db/schema";
import { rowsOf, type Database, type Executor } from "@/db";
import type { JudgedEvent } from "@/lib/emails/jobs";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { pauseRunsOfAutomation } from "../automations/runs";
import { enqueueWebhookDeliveries } from "../webhooks/enqueue";
import {
  judgeSends,
  type BreakerThresholds,
  type BreakerVerdict,
  type SendTally,
} from "../breaker/judge";
import { pauseWebhookData } from "../breaker/serialize";

/** The automation window: its latest this-many sends (or the minimum, if a project asks more). */
export const AUTOMATION_WINDOW_SENDS = 1_000;
/** …no older than this, so the scan over the project's automation email stays bounded. */
export const AUTOMATION_WINDOW_DAYS = 30;

/** What the breaker needs of a recorded email event (a RecordEmailEventInput fits). */
export type BreakerEventInput = {
  email: Pick<Email, "id" | "campaignId">;
  type: string;
  now: Date;
};

const THRESHOLD_COLUMNS = {
  bounceRateThreshold: projects.bounceRateThreshold,
  complaintRateThreshold: projects.complaintRateThreshold,
  breakerMinimumSends: projects.breakerMinimumSends,
};

/**
 * The breaker-check job (enqueued by `recordEmailEvents` with every batch holding bounces or
 * complaints, handled in handlers.ts): one transaction per batch.
 */
export async function judgeBreakers(
  runtime: { db: Database; jobs: JobQueue },
  events: JudgedEvent[],
) {
  await runtime.db.transaction((tx) =>
    checkCircuitBreakers(
      tx,
      runtime.jobs,
      events.map((e) => ({
        email: { id: e.emailId, campaignId: e.campaignId },
        type: e.type,
        now: new Date(e.now),
      })),
    ),
  );
}

/**
 * The deliverability circuit breaker. Only a batch with bounces or complaints costs anything: the sending campaigns and
 * live automations those emails belong to are judged against their project's thresholds
 * (judge.ts), and each that trips is paused with its reason, its runs paused, and a
 * `campaign.paused` / `automation.paused` webhook enqueued, all in the same transaction.
 */
export async function checkCircuitBreakers(
  tx: Executor,
  jobs: JobQueue,
  inputs: readonly BreakerEventInput[],
) {
  const relevant = inputs.filter((i) => i.type === "bounced" || i.type === "complained");
  if (relevant.length === 0) return;
  const now = new Date(Math.max(...relevant.map((i) => i.now.getTime())));
  const campaignIds = [
    ...new Set(relevant.flatMap((i) => (i.email.campaignId ? [i.email.campaignId] : []))),
  ];
  const otherEmailIds = relevant.filter((i) => !i.email.campaignId).map((i) => i.email.id);
  if (campaignIds.length > 0) await checkCampaigns(tx, jobs, campaignIds, now);
  if (otherEmailIds.length > 0) await checkAutomations(tx, jobs, otherEmailIds, now);
}

/**
 * A campaign is judged on its variant counters since its last resume: sends are the emails that
 * reached an outcome (delivered, bounced or failed; an email delivered and later bounced counts
 * twice, which reads a rate a little low, never high), bounces and complaints their own counters
 * (each email once: lib/emails/events.ts).
 *
 * The campaign row is locked first, in id order, and judged on the counters as they are then.
 * This job holds no other locks, so it waits for a fan-out step that holds the row (a short
 * transaction) instead of skipping it: skipping missed every trip while a campaign fanned out.
 */
async function checkCampaigns(tx: Executor, jobs: JobQueue, campaignIds: string[], now: Date) {
  for (const campaignId of [...campaignIds].sort()) {
    const [locked] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "sending")))
      .for("update");
    if (!locked) continue;
    const [row] = await tx
      .select({
        id: campaigns.id,
        projectId: campaigns.projectId,
        name: campaigns.name,
        baseline: campaigns.breakerBaseline,
        ...THRESHOLD_COLUMNS,
        sends: sql<number>`sum(${campaignVariants.delivered} + ${campaignVariants.bounced} + ${campaignVariants.failed})::int`,
        bounced: sql<number>`sum(${campaignVariants.bounced})::int`,
        complained: sql<number>`sum(${campaignVariants.complained})::int`,
      })
      .from(campaigns)
      .innerJoin(projects, eq(projects.id, campaigns.projectId))
      .innerJoin(campaignVariants, eq(campaignVariants.campaignId, campaigns.id))
      .where(eq(campaigns.id, campaignId))
      .groupBy(campaigns.projectId, campaigns.id, projects.id);
    if (!row) continue;
    const verdict = judgeSends(sinceBaseline(row, row.baseline), row);
    if (!verdict) continue;
    await tx.update(campaigns).set(pausedColumns(verdict, now)).where(eq(campaigns.id, row.id));
    await enqueueWebhookDeliveries(tx, jobs, [
      {
        projectId: row.projectId,
        type: "campaign.paused",
        createdAt: now,
        data: pauseWebhookData(row, verdict, now),
      },
    ]);
  }
}

/** The counters since the last resume (all of them before any). */
export function sinceBaseline(total: SendTally, baseline: BreakerBaseline | null): SendTally {
  if (!baseline) return total;
  return {
    sends: total.sends - baseline.sends,
    bounced: total.bounced - baseline.bounced,
    complained: total.complained - baseline.complained,
  };
}

/**
 * An automation is judged on its latest live sends (emails handed to a provider) since it last
 * went live: at most AUTOMATION_WINDOW_SENDS (or the project's minimum, if larger) from the last
 * AUTOMATION_WINDOW_DAYS, counted by the emails' statuses (bounced, complained).
 */
async function checkAutomations(tx: Executor, jobs: JobQueue, emailIds: string[], now: Date) {
  const touched = await tx
    .selectDistinct({
      id: automations.id,
      projectId: automations.projectId,
      name: automations.name,
      liveSince: automations.liveSince,
      createdAt: automations.createdAt,
      ...THRESHOLD_COLUMNS,
    })
    .from(emails)
    .innerJoin(automationRuns, eq(automationRuns.id, emails.automationRunId))
    .innerJoin(automations, eq(automations.id, automationRuns.automationId))
    .innerJoin(projects, eq(projects.id, automations.projectId))
    .where(
      and(
        isAnyOf(emails.id, emailIds),
        eq(emails.type, "automation"),
        eq(emails.mode, "live"),
        eq(automations.status, "live"),
      ),
    );
  for (const automation of touched) {
    const tally = await automationWindow(tx, automation, now);
    const verdict = judgeSends(tally, automation);
    if (!verdict) continue;
    const paused = await tx
      .update(automations)
      .set(pausedColumns(verdict, now))
      .where(and(eq(automations.id, automation.id), eq(automations.status, "live")))
      .returning({ id: automations.id });
    if (paused.length === 0) continue;
    // Without waiting for runs an executor holds (it pauses those itself): this transaction
    // records delivery outcomes and must not queue behind automation work.
    await pauseRunsOfAutomation(tx, automation.id, now, { skipLocked: true });
    await enqueueWebhookDeliveries(tx, jobs, [
      {
        projectId: automation.projectId,
        type: "automation.paused",
        createdAt: now,
        data: pauseWebhookData(automation, verdict, now),
      },
    ]);
  }
}

async function automationWindow(
  tx: Executor,
  automation: BreakerThresholds & {
    id: string;
    projectId: string;
    liveSince: Date | null;
    createdAt: Date;
  },
  now: Date,
): Promise<SendTally> {
  const oldest = now.getTime() - AUTOMATION_WINDOW_DAYS * 86_400_000;
  const since = new Date(
    Math.max(oldest, (automation.liveSince ?? automation.createdAt).getTime()),
  );
  const size = Math.max(AUTOMATION_WINDOW_SENDS, automation.breakerMinimumSends);
  // Newest first over the project's automation email (emails_project_type_created_idx), each
  // joined to its run by key, until the window is full.
  const [row] = rowsOf<SendTally>(
    await tx.execute(sql`
      select count(*)::int as sends,
        count(*) filter (where w.status = 'bounced')::int as bounced,
        count(*) filter (where w.status = 'complained')::int as complained
      from (
        select e.status from ${emails} e
        join ${automationRuns} r on r.id = e.automation_run_id
        where e.project_id = ${automation.projectId} and e.type = 'automation'
          and e.mode = 'live' and e.sent_at is not null
          and e.created_at >= ${since.toISOString()}::timestamptz
          and r.automation_id = ${automation.id}
        order by e.created_at desc
        limit ${size}
      ) w`),
  );
  return row ?? { sends: 0, bounced: 0, complained: 0 };
}

function pausedColumns(verdict: BreakerVerdict, now: Date) {
  const { reason, ...stats } = verdict;
  return {
    status: "paused" as const,
    pausedReason: reason,
    pausedAt: now,
    pauseStats: stats,
    updatedAt: now,
  };
}
