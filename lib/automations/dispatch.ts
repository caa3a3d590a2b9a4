import { sql } from "drizzle-orm";
import { rowsOf } from "@/db";
import { automationRuns } from "@/db/schema";
import { PRIORITY } from "@/lib/core/jobs/priority";
import { advanceRunsJob } from "./jobs";
import type { Runtime } from "@/lib/core/runtime";

/**
 * The dispatcher turns runs that are due into `automation-advance` jobs. A run row is its own
 * outbox record: enrollment (even the contact upsert's single statement) only writes the row, and
 * any worker process finds it here — runnable now (`active`), or a delay/wait whose `resume_at`
 * passed on the injected clock. The claim (`dispatched_at`) and the jobs commit together; a claim
 * whose job never ran is taken again after AUTOMATION_REDISPATCH_SECONDS. Every worker process
 * runs one; `FOR UPDATE SKIP LOCKED` keeps them from taking the same rows.
 */
const RUNS_PER_JOB = 50;

export async function dispatchDueRuns(runtime: Runtime, batchSize = 1000): Promise<number> {
  const staleMs = runtime.config.automationRedispatchSeconds * 1000;
  let dispatched = 0;
  for (;;) {
    const now = runtime.clock.now();
    const stale = new Date(now.getTime() - staleMs);
    const count = await runtime.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        with due as (
          select id from ${automationRuns}
          where (status = 'active' or (status in ('delayed', 'waiting') and resume_at <= ${now.toISOString()}::timestamptz))
            and (dispatched_at is null or dispatched_at < ${stale.toISOString()}::timestamptz)
          limit ${batchSize}
          for update skip locked
        )
        update ${automationRuns} r set dispatched_at = ${now.toISOString()}::timestamptz
        from due where r.id = due.id
        returning r.id`);
      const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
      const payloads = [];
      for (let i = 0; i < ids.length; i += RUNS_PER_JOB) {
        payloads.push({ runIds: ids.slice(i, i + RUNS_PER_JOB) });
      }
      await runtime.jobs.enqueueMany(tx, advanceRunsJob, payloads, {
        priority: PRIORITY.automation,
      });
      return ids.length;
    });
    dispatched += count;
    if (count < batchSize) break;
  }
  if (dispatched > 0) runtime.jobs.notify(advanceRunsJob);
  return dispatched;
}
