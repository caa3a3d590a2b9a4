import { z } from "zod";
import {
  RUN_STATUSES,
  type Automation,
  type AutomationRun,
  type AutomationStepRun,
} from "@/db/schema";
import { PauseResponse, serializePause } from "../breaker/serialize";
import { iso, JsonObjectResponse, Timestamp } from "@/lib/core/serialize";
import type { AutomationStats } from "./stats";

const count = z.number().int();

/** Steps as stored: each has an `id` and a `type`, the rest depends on the type. */
const StepResponse = z.looseObject({ id: z.string(), type: z.string() });

export const AutomationResponse = z.strictObject({
  id: z.string().meta({ example: "aut_5KcW8nLq2ZxT7mRb" }),
  name: z.string(),
  status: z.enum(["draft", "live", "paused"]),
  paused: PauseResponse.nullable(),
  trigger: z.union([
    z.strictObject({ event: z.literal("contact.subscribed") }),
    z.strictObject({ event: z.literal("event"), name: z.string() }),
  ]),
  steps: z.array(StepResponse),
  step_count: count,
  /** Only on GET /v1/automations/:id. */
  stats: z
    .strictObject({
      runs: z.record(z.string(), count),
      steps: z.record(
        z.string(),
        z.strictObject({ entered: count, completed: count, failed: count, waiting: count }),
      ),
      latest_error: z.strictObject({ message: z.string(), at: Timestamp.nullable() }).nullable(),
    })
    .optional(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AutomationResource = z.infer<typeof AutomationResponse>;

export const RunResponse = z.strictObject({
  id: z.string(),
  automation_id: z.string(),
  contact_id: z.string().nullable(),
  status: z.enum(RUN_STATUSES),
  current_step: z.string().nullable(),
  resume_at: Timestamp.nullable(),
  wait_event: z.string().nullable(),
  steps_executed: count,
  error: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  finished_at: Timestamp.nullable(),
});
export type RunResource = z.infer<typeof RunResponse>;

export const StepRunResponse = z.strictObject({
  id: z.string(),
  step_id: z.string(),
  type: z.string(),
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
  outcome: z.string().nullable(),
  error: z.string().nullable(),
  detail: JsonObjectResponse,
});

/** GET /v1/automations/:id/runs/:runId: the run and its step history. */
export const RunDetailResponse = RunResponse.extend({ steps: z.array(StepRunResponse) });

export function serializeAutomation(
  automation: Automation,
  stats?: AutomationStats,
): AutomationResource {
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

export function serializeRun(run: AutomationRun): RunResource {
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

export function serializeStepRun(step: AutomationStepRun): z.infer<typeof StepRunResponse> {
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
