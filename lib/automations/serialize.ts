import type { Automation, AutomationRun, AutomationStepRun } from "@/db/schema";
import { serializePause } from "../breaker/serialize";
import { iso } from "../serialize";
import type { AutomationStats } from "./stats";

export function serializeAutomation(automation: Automation, stats?: AutomationStats) {
  return {
    id: automation.id,
    name: automation.name,
    status: automation.status,
    // Why the deliverability circuit breaker paused it (status `paused`), else null.
    paused: automation.status === "paused" ? serializePause(automation) : null,
    trigger: automation.trigger,
    steps: automation.steps,
    step_count: automation.steps.length,
    ...(stats && {
      stats: {
        runs: stats.runs,
        steps: stats.steps,
        latest_error: stats.latestError && {
          message: stats.latestError.message,
          at: iso(stats.latestError.at),
        },
      },
    }),
    created_at: iso(automation.createdAt),
    updated_at: iso(automation.updatedAt),
  };
}
export type AutomationResource = ReturnType<typeof serializeAutomation>;

export function serializeRun(run: AutomationRun) {
  return {
    id: run.id,
    automation_id: run.automationId,
    contact_id: run.contactId,
    status: run.status,
    current_step: run.currentStep,
    resume_at: iso(run.resumeAt),
    wait_event: run.waitEvent,
    steps_executed: run.stepsExecuted,
    error: run.error,
    created_at: iso(run.createdAt),
    updated_at: iso(run.updatedAt),
    finished_at: iso(run.finishedAt),
  };
}
export type RunResource = ReturnType<typeof serializeRun>;

export function serializeStepRun(step: AutomationStepRun) {
  return {
    id: step.id,
    step_id: step.stepId,
    type: step.stepType,
    started_at: iso(step.startedAt),
    finished_at: iso(step.finishedAt),
    outcome: step.outcome,
    error: step.error,
    detail: step.detail ?? {},
  };
}
