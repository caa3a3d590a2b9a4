import { and, count, desc, eq, inArray } from "drizzle-orm";
import { automationRuns } from "@/db/schema";
import type { Executor } from "@/db";
import { newestFirst } from "@/lib/core/pagination";

/** The latest failure of an automation's runs: what went wrong and when. */
export type LatestRunError = { message: string; at: Date | null };
/** How an automation is doing: failed runs (count) and the latest error, for list rows. */
export type AutomationHealth = { failed: number; latestError: LatestRunError | null };

const HEALTHY: AutomationHealth = { failed: 0, latestError: null };

/** The latest failed run's error, or null (no failed run). */
export async function latestRunError(
  db: Executor,
  automationId: string,
): Promise<LatestRunError | null> {
  const [row] = await db
    .select({ error: automationRuns.error, at: automationRuns.finishedAt })
    .from(automationRuns)
    .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.status, "failed")))
    .orderBy(...newestFirst(automationRuns.createdAt, automationRuns.id))
    .limit(1);
  return row ? toLatestError(row) : null;
}

/**
 * Health of a page of automations, one round trip each for counts and latest errors (over the
 * automation/status index). Automations with no failed run are healthy.
 */
export async function automationsHealth(
  db: Executor,
  projectId: string,
  automationIds: string[],
): Promise<Map<string, AutomationHealth>> {
  const health = new Map<string, AutomationHealth>(automationIds.map((id) => [id, HEALTHY]));
  if (automationIds.length === 0) return health;
  const failedOf = and(
    eq(automationRuns.projectId, projectId),
    inArray(automationRuns.automationId, automationIds),
    eq(automationRuns.status, "failed"),
  );
  const counts = await db
    .select({ automationId: automationRuns.automationId, n: count() })
    .from(automationRuns)
    .where(failedOf)
    .groupBy(automationRuns.automationId);
  if (counts.length === 0) return health;
  const latest = await db
    .selectDistinctOn([automationRuns.automationId], {
      automationId: automationRuns.automationId,
      error: automationRuns.error,
      at: automationRuns.finishedAt,
    })
    .from(automationRuns)
    .where(failedOf)
    .orderBy(automationRuns.automationId, desc(automationRuns.createdAt), desc(automationRuns.id));
  const latestOf = new Map(latest.map((row) => [row.automationId, toLatestError(row)]));
  for (const row of counts) {
    health.set(row.automationId, {
      failed: Number(row.n),
      latestError: latestOf.get(row.automationId) ?? null,
    });
  }
  return health;
}

function toLatestError(row: { error: string | null; at: Date | null }): LatestRunError {
  // The runner always records a failed run's error; the fallback keeps an old row readable.
  return { message: row.error ?? "The run failed.", at: row.at };
}
