import { and, eq, inArray, sql } from "drizzle-orm";
import { automationRuns } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * Run state changes that follow the automation's status (DECISIONS §5). These only move rows:
 * the executor that advances runs (a later issue) picks up whatever becomes runnable.
 */
const UNFINISHED_UNPAUSED = ["active", "delayed", "waiting"] as const;

/** live → draft: unfinished runs pause. `resume_at` and `wait_event` are kept for the resume. */
export async function pauseRunsOfAutomation(tx: Executor, automationId: string, now: Date) {
  const paused = await tx
    .update(automationRuns)
    .set({ status: "paused", updatedAt: now })
    .where(
      and(
        eq(automationRuns.automationId, automationId),
        inArray(automationRuns.status, [...UNFINISHED_UNPAUSED]),
      ),
    )
    .returning({ id: automationRuns.id });
  return paused.map((r) => r.id);
}

/**
 * draft → live: paused runs resume. A run paused mid-wait goes back to `waiting` and one paused
 * mid-delay to `delayed` (its timer kept; a timer already due fires at once when the executor
 * polls), everything else becomes `active`.
 */
export async function resumeRunsOfAutomation(tx: Executor, automationId: string, now: Date) {
  const resumed = await tx
    .update(automationRuns)
    .set({
      status: sql`case
        when ${automationRuns.waitEvent} is not null then 'waiting'
        when ${automationRuns.resumeAt} is not null then 'delayed'
        else 'active' end`,
      updatedAt: now,
    })
    .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.status, "paused")))
    .returning({ id: automationRuns.id });
  return resumed.map((r) => r.id);
}
