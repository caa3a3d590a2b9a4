import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db";
import { automationRuns, automationStepRuns } from "@/db/schema";

/** A list row's numbers: runs ever started, runs still in progress, emails its steps sent. */
export type AutomationActivity = { runs: number; activeRuns: number; emailsSent: number };

const NONE: AutomationActivity = { runs: 0, activeRuns: 0, emailsSent: 0 };

/**
 * Activity of a page of automations in ONE grouped statement (never a query per row): runs by
 * automation over the (automation, status) index, sent emails over the partial index of email
 * steps that sent or queued their email. "Active" is every run not finished yet (running, delayed,
 * waiting for an event, or paused by the circuit breaker).
 */
export async function automationsActivity(
  db: Executor,
  projectId: string,
  automationIds: string[],
): Promise<Map<string, AutomationActivity>> {
  const activity = new Map<string, AutomationActivity>(automationIds.map((id) => [id, NONE]));
  if (automationIds.length === 0) return activity;
  const ids = sql.join(
    automationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select automation_id,
           count(*) filter (where kind = 'run')::int as runs,
           count(*) filter (where kind = 'active')::int as active_runs,
           count(*) filter (where kind = 'email')::int as emails_sent
    from (
      select ${automationRuns.automationId} as automation_id,
             case when ${automationRuns.status} in ('active', 'delayed', 'waiting', 'paused')
                  then 'active' else 'run' end as kind
      from ${automationRuns}
      where ${automationRuns.projectId} = ${projectId} and ${automationRuns.automationId} in (${ids})
      union all
      select ${automationStepRuns.automationId}, 'email'
      from ${automationStepRuns}
      where ${automationStepRuns.automationId} in (${ids})
        and ${automationStepRuns.projectId} = ${projectId}
        and ${automationStepRuns.stepType} = 'email'
        and ${automationStepRuns.outcome} in ('sent', 'queued')
    ) as activity
    group by automation_id`);
  for (const row of rowsOf<{
    automation_id: string;
    runs: number;
    active_runs: number;
    emails_sent: number;
  }>(result)) {
    activity.set(row.automation_id, {
      // Finished and unfinished runs were counted apart; the total is both.
      runs: Number(row.runs) + Number(row.active_runs),
      activeRuns: Number(row.active_runs),
      emailsSent: Number(row.emails_sent),
    });
  }
  return activity;
}
