import type { AutomationStepRecord } from "@/db/schema";

/**
 * Where a run goes after a step (SPEC pointer rules): an omitted pointer falls through to the
 * following step, `null` ends the run, an id jumps forward to that step. Stored steps were
 * normalised on save (backward and dangling pointers dropped), so ids here exist.
 */
export function successorOf(
  steps: AutomationStepRecord[],
  index: number,
  pointer: unknown,
): string | null {
  if (pointer === null) return null;
  if (typeof pointer === "string" && steps.some((s) => s.id === pointer)) return pointer;
  return steps[index + 1]?.id ?? null;
}

/** The pointer a finished step follows: `nextTrue`/`nextFalse` for branches, else `next`. */
export function pointerAfter(step: AutomationStepRecord, branchResult?: boolean): unknown {
  if (step.type === "branch") {
    const key = branchResult ? "nextTrue" : "nextFalse";
    return key in step ? step[key] : undefined;
  }
  return "next" in step ? step.next : undefined;
}
