import type { ErrorDetail } from "@/lib/core/errors";
import {
  MAX_DELAY_MINUTES,
  MAX_WAIT_TIMEOUT_MINUTES,
  StepsInput,
} from "@/lib/automations/step-schemas";
import { parseField } from "./condition";
import { formatDuration } from "./durations";
import type { Step } from "./graph";
import type { AutomationDraft } from "./steps-draft";

/**
 * Validation problems of the builder, placed where it shows them. The client checks produce the
 * same `{ path, message }` details as the API's 422 (same zod schemas, same name, trigger and
 * template rules), so both go through `placeIssues`: `steps.2.delayMinutes` lands on the delay
 * field of the third step either way.
 */
export type BuilderIssues = {
  name?: string;
  /** `name` for the event name; `trigger` for the trigger as a whole. */
  trigger: Record<string, string>;
  /** Per step id, per field (`delayMinutes`, `branchCondition.value`, `step` for the step). */
  steps: Record<string, Record<string, string>>;
  general: string[];
};

export const NO_ISSUES: BuilderIssues = { trigger: {}, steps: {}, general: [] };

export const hasIssues = (issues: BuilderIssues) =>
  Boolean(issues.name) ||
  Object.keys(issues.trigger).length > 0 ||
  Object.keys(issues.steps).length > 0 ||
  issues.general.length > 0;

/** The API's checks on a PATCH body (`payload` already cleaned by toPayload). */
export function validateDraft(
  payload: AutomationDraft,
  knownTemplates: ReadonlySet<string>,
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const name = payload.name.trim();
  if (name === "") details.push({ path: "name", message: "must not be empty" });
  else if (name.length > 120)
    details.push({ path: "name", message: "must be at most 120 characters" });
  if (payload.trigger.event === "event") {
    const event = payload.trigger.name.trim();
    if (event === "") details.push({ path: "trigger.name", message: "must not be empty" });
    else if (event.length > 200) {
      details.push({ path: "trigger.name", message: "must be at most 200 characters" });
    }
  }
  const parsed = StepsInput.safeParse(payload.steps);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      details.push({
        path: ["steps", ...issue.path.map(String)].join("."),
        message: issue.message,
      });
    }
  }
  payload.steps.forEach((step, index) => {
    const id = typeof step.templateId === "string" ? step.templateId.trim() : "";
    if (step.type === "email" && id !== "" && !knownTemplates.has(id)) {
      details.push({
        path: `steps.${index}.templateId`,
        message: "is not a template of this project or the gallery",
      });
    }
  });
  return details;
}

/** Places details against the steps they were computed for (the snapshot that was sent). */
export function placeIssues(
  steps: readonly Step[],
  details: readonly ErrorDetail[],
): BuilderIssues {
  const issues: BuilderIssues = { trigger: {}, steps: {}, general: [] };
  for (const { path, message } of details) {
    const segments = path.split(".");
    if (path === "name") {
      issues.name ??= sentence(message);
    } else if (segments[0] === "trigger") {
      const field = segments[1] ?? "trigger";
      issues.trigger[field] ??= sentence(message);
    } else if (segments[0] === "steps" && segments.length > 1 && steps[Number(segments[1])]) {
      const step = steps[Number(segments[1])]!;
      const field = segments.slice(2).join(".") || "step";
      (issues.steps[step.id] ??= {})[field] ??= friendlyMessage(step, field, message);
    } else {
      issues.general.push(`${path}: ${message}`);
    }
  }
  return issues;
}

/** The API's wording, said the way the builder asks for the value. */
export function friendlyMessage(step: Step, field: string, message: string): string {
  const missing = /must not be empty|must be a string|is required/.test(message);
  switch (`${step.type}.${field}`) {
    case "email.templateId":
      return /not a template/.test(message)
        ? "This template no longer exists. Choose another one."
        : "Choose a template.";
    case "delay.delayMinutes":
      return minutesMessage(step.delayMinutes, MAX_DELAY_MINUTES, "delay");
    case "wait.waitTimeoutMinutes":
      return minutesMessage(step.waitTimeoutMinutes, MAX_WAIT_TIMEOUT_MINUTES, "timeout");
    case "wait.waitEvent":
      return missing ? "Enter the name of the event to wait for." : sentence(message);
    case "branch.branchCondition.field": {
      const condition = step.branchCondition as { field?: unknown } | undefined;
      const { kind, key } = parseField(String(condition?.field ?? ""));
      return (kind === "data" || kind === "event") && key.trim() === ""
        ? "Enter the name of the field to check."
        : sentence(message);
    }
    case "branch.branchCondition.value":
      return /array of/.test(message)
        ? "Enter at least one value (at most 100), separated by commas."
        : sentence(message);
    case "action.tag":
      return missing ? "Enter the tag." : sentence(message);
    case "action.actionKey":
      return missing ? "Enter the name of the field to update." : sentence(message);
    default:
      return sentence(message);
  }
}

function minutesMessage(value: unknown, max: number, what: string): string {
  if (typeof value === "number" && Number.isFinite(value) && !Number.isInteger(value)) {
    return `The ${what} must come to whole minutes (this is ${value} minutes).`;
  }
  return `Enter a ${what} from 1 minute to ${formatDuration(max)}.`;
}

/** "must be a hex color" → "Must be a hex color." */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The first step (in stored order) with a problem, to select after a failed save. */
export function firstStepWithIssues(steps: readonly Step[], issues: BuilderIssues): string | null {
  return steps.find((step) => issues.steps[step.id])?.id ?? null;
}
