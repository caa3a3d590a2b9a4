import { ValidationError, type ErrorDetail } from "@/lib/core/errors";
import { randomBase62 } from "@/lib/core/ids";
import type { StepInput } from "./step-schemas";

/** A validated step as stored in `automations.steps` and returned by the API. */
export type AutomationStep = StepInput & { id: string };

const POINTER_KEYS = ["next", "nextTrue", "nextFalse"] as const;

/**
 * Turns parsed steps into stored steps: rejects duplicate ids (422 `duplicate_step_ids`),
 * generates missing ids, and applies the pointer rules — the graph is forward-only, so a pointer
 * to an earlier step, to itself or to no step is dropped (the step then falls through to the
 * following one), while `null` is kept (the run ends there).
 */
export function finalizeSteps(steps: readonly StepInput[]): AutomationStep[] {
  assertUniqueIds(steps);
  const taken = new Set(steps.flatMap((s) => (s.id === undefined ? [] : [s.id])));
  const withIds = steps.map(({ id, ...rest }) => ({ id: id ?? generateStepId(taken), ...rest }));
  const position = new Map(withIds.map((step, index) => [step.id, index]));
  return withIds.map((step, index) => applyPointerRules(step, index, position));
}

function assertUniqueIds(steps: readonly StepInput[]) {
  const firstIndex = new Map<string, number>();
  const details: ErrorDetail[] = [];
  const duplicated = new Set<string>();
  steps.forEach((step, index) => {
    if (step.id === undefined) return;
    const first = firstIndex.get(step.id);
    if (first === undefined) return void firstIndex.set(step.id, index);
    duplicated.add(step.id);
    details.push({ path: `steps.${index}.id`, message: `duplicates the id of step ${first}` });
  });
  if (details.length > 0) {
    const ids = [...duplicated].map((id) => `"${id}"`).join(", ");
    throw new ValidationError(
      `Step ids must be unique within an automation; duplicated: ${ids}.`,
      details,
      "duplicate_step_ids",
    );
  }
}

export function generateStepId(taken: Set<string>): string {
  for (;;) {
    const id = `step_${randomBase62(12)}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

function applyPointerRules(
  step: AutomationStep,
  index: number,
  position: Map<string, number>,
): AutomationStep {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(step)) {
    if (value === undefined) continue;
    if ((POINTER_KEYS as readonly string[]).includes(key) && value !== null) {
      const target = position.get(value as string);
      if (target === undefined || target <= index) continue;
    }
    out[key] = value;
  }
  return out as AutomationStep;
}
