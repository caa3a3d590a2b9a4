import type { AutomationStepRecord } from "@/db/schema";
import { normalizeSteps } from "../builder/graph";
import { stepMeta } from "../builder/step-meta";
import { stepSummary } from "../builder/summary";

export type StepLabel = { number: number; type: string; typeLabel: string; summary: string };

/**
 * Each step's number and one-line summary exactly as the builder's cards show them, so "Step 3"
 * on a run is the card marked 3 on the canvas. Steps since deleted have no label.
 */
export function stepLabels(
  steps: readonly AutomationStepRecord[],
  templateNames: ReadonlyMap<string, string>,
): Map<string, StepLabel> {
  const context = { templateName: (id: string) => templateNames.get(id) };
  return new Map(
    normalizeSteps(steps).map((step, index) => [
      step.id,
      {
        number: index + 1,
        type: step.type,
        typeLabel: stepMeta(step.type).label,
        summary: stepSummary(step, context),
      },
    ]),
  );
}
