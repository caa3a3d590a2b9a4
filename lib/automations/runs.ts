import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { automationRuns, automationStepRuns } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * Run state changes that follow the automation's status (DECISIONS §5). These only move rows:
 * the dispatcher picks up whatever becomes due.
 */
const UNFINISHED_UNPAUSED = ["active", "delayed", "waiting"] as const;

/**
 * live → draft: unfinished runs pause. `resume_at` and `wait_event` are kept for the resume.
 * `skipLocked` leaves runs an executor holds right now: it pauses them itself when it next
 * meets them under an automation that is not live (execute.ts), and the caller does not wait.
 */
export async function pauseRunsOfAutomation(
  tx: Executor,
  automationId: string,
  now: Date,
  options: { skipLocked?: boolean } = {},
) {
  const unfinished = and(
    eq(automationRuns.automationId, automationId),
    inArray(automationRuns.status, [...UNFINISHED_UNPAUSED]),
  );
  const paused = await tx
    .update(automationRuns)
    .set({ status: "paused", updatedAt: now })
    .where(
      options.skipLocked
        ? inArray(
            automationRuns.id,
            tx
              .select({ id: automationRuns.id })
              .from(automationRuns)
              .where(unfinished)
              .for("update", { skipLocked: true }),
          )
        : unfinished,
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
      dispatchedAt: null,
      updatedAt: now,
    })
    .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.status, "paused")))
    .returning({ id: automationRuns.id });
  return resumed.map((r) => r.id);
}

/**
 * Editing the steps of an automation must not strand runs. A run standing on a step that the
 * edit removed moves to the nearest step after it (in the old order) that still exists, starting
 * it afresh (a removed delay or wait no longer holds it); with no such step the run completes.
 * The open record of the removed step is closed with outcome `removed`. Runs elsewhere keep
 * their place, and a delay already counting keeps its timer.
 */
export async function relocateRunsOffRemovedSteps(
  tx: Executor,
  automationId: string,
  before: readonly { id: string }[],
  after: readonly { id: string }[],
  now: Date,
) {
  const kept = new Set(after.map((s) => s.id));
  let moved = 0;
  for (const [index, step] of before.entries()) {
    if (kept.has(step.id)) continue;
    const target = before.slice(index + 1).find((s) => kept.has(s.id))?.id ?? null;
    const relocated = await tx
      .update(automationRuns)
      .set({
        currentStep: target,
        status: target
          ? sql`case when ${automationRuns.status} = 'paused' then 'paused' else 'active' end`
          : "completed",
        resumeAt: null,
        waitEvent: null,
        dispatchedAt: null,
        finishedAt: target ? null : now,
        updatedAt: now,
      })
      .where(
        and(
          eq(automationRuns.automationId, automationId),
          eq(automationRuns.currentStep, step.id),
          inArray(automationRuns.status, [...UNFINISHED_UNPAUSED, "paused"]),
        ),
      )
      .returning({ id: automationRuns.id });
    if (relocated.length === 0) continue;
    moved += relocated.length;
    await tx
      .update(automationStepRuns)
      .set({ finishedAt: now, outcome: "removed" })
      .where(
        and(
          eq(automationStepRuns.automationId, automationId),
          eq(automationStepRuns.stepId, step.id),
          isNull(automationStepRuns.finishedAt),
        ),
      );
  }
  return moved;
}
