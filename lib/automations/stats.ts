import { and, count, eq, inArray, sql } from "drizzle-orm";
import { automationRuns, automationStepRuns, RUN_STATUSES, type RunStatus } from "@/db/schema";
import type { Executor } from "@/db";
import { latestRunError, type LatestRunError } from "./health";

/** A step that failed (its email could not be sent) counts as `failed`, never as `completed`. */
export type StepCounts = { entered: number; completed: number; failed: number; waiting: number };
export type AutomationStats = {
  runs: Record<RunStatus, number> & { total: number };
  steps: Record<string, StepCounts>;
  /** The latest failed run's error and when it failed; null when no run failed. */
  latestError: LatestRunError | null;
};

/**
 * Live counters for an automation: runs by status, and per step how many runs entered it,
 * finished it and stand on it now. Grouped counts over indexed columns (runs by automation and
 * status; step records by automation and step), computed when asked.
 */
export async function automationStats(
  db: Executor,
  automationId: string,
): Promise<AutomationStats> {
  const [byStatus, byStep, standing, latestError] = await Promise.all([
    db
      .select({ status: automationRuns.status, n: count() })
      .from(automationRuns)
      .where(eq(automationRuns.automationId, automationId))
      .groupBy(automationRuns.status),
    db
      .select({
        stepId: automationStepRuns.stepId,
        entered: count(),
        completed: sql<number>`(count(${automationStepRuns.finishedAt}) filter (where ${automationStepRuns.outcome} is distinct from 'failed'))::int`,
        failed: sql<number>`(count(*) filter (where ${automationStepRuns.outcome} = 'failed'))::int`,
      })
      .from(automationStepRuns)
      .where(eq(automationStepRuns.automationId, automationId))
      .groupBy(automationStepRuns.stepId),
    db
      .select({ stepId: automationRuns.currentStep, n: count() })
      .from(automationRuns)
      .where(
        and(
          eq(automationRuns.automationId, automationId),
          inArray(automationRuns.status, ["active", "delayed", "waiting", "paused"]),
        ),
      )
      .groupBy(automationRuns.currentStep),
    latestRunError(db, automationId),
  ]);
  const runs = Object.fromEntries(RUN_STATUSES.map((s) => [s, 0])) as AutomationStats["runs"];
  runs.total = 0;
  for (const row of byStatus) {
    runs[row.status] = Number(row.n);
    runs.total += Number(row.n);
  }
  const steps: Record<string, StepCounts> = {};
  const entry = (id: string) => (steps[id] ??= { entered: 0, completed: 0, failed: 0, waiting: 0 });
  for (const row of byStep) {
    entry(row.stepId).entered = Number(row.entered);
    entry(row.stepId).completed = Number(row.completed);
    entry(row.stepId).failed = Number(row.failed);
  }
  for (const row of standing) if (row.stepId) entry(row.stepId).waiting = Number(row.n);
  return { runs, steps, latestError };
}
