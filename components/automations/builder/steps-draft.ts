import type { AutomationTrigger } from "@/db/schema";
import type { STEP_TYPES } from "@/lib/automations/step-schemas";
import type { Step } from "./graph";

/** What the builder edits and saves: PATCH /v1/automations/:id's name, trigger and steps. */
export type AutomationDraft = { name: string; trigger: AutomationTrigger; steps: Step[] };
export type StepType = (typeof STEP_TYPES)[number];

const BASE_KEYS = ["id", "type", "next", "detail"];
const KEYS_BY_TYPE: Record<string, string[]> = {
  email: ["templateId", "subjectOverride", "topicId"],
  delay: ["delayMinutes"],
  wait: ["waitEvent", "waitTimeoutMinutes"],
  branch: ["branchCondition", "nextTrue", "nextFalse"],
  action: ["action", "actionKey", "actionValue", "tag"],
};
// The fields the API trims before storing; trimmed here too so "saved" means identical.
const TRIMMED = ["templateId", "waitEvent", "actionKey", "tag"];

/**
 * A step as it is sent: only its type's fields, trimmed like the API trims them, and optional
 * text left empty dropped (an empty subject override would otherwise be stored and sent).
 */
export function cleanStep(step: Step): Step {
  const keys = [...BASE_KEYS, ...(KEYS_BY_TYPE[step.type] ?? Object.keys(step))];
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in step) || step[key] === undefined) continue;
    const value = step[key];
    out[key] = TRIMMED.includes(key) && typeof value === "string" ? value.trim() : value;
  }
  // A branch follows nextTrue/nextFalse only.
  if (step.type === "branch") delete out.next;
  for (const key of ["detail", "subjectOverride"]) {
    if (typeof out[key] === "string" && (out[key] as string).trim() === "") delete out[key];
  }
  if (step.type === "action") {
    if (step.action !== "update-field") delete out.actionKey;
    if (step.action !== "update-field" || out.actionValue === "") delete out.actionValue;
    if (step.action !== "add-tag" && step.action !== "remove-tag") delete out.tag;
  }
  if (step.type === "branch" && isRecord(step.branchCondition)) {
    const { value, ...condition } = step.branchCondition;
    const noValue = condition.operator === "exists" || condition.operator === "not_exists";
    out.branchCondition = noValue ? condition : { ...condition, value };
  }
  return out as Step;
}

export function toPayload(draft: AutomationDraft): AutomationDraft {
  const trigger: AutomationTrigger =
    draft.trigger.event === "event"
      ? { event: "event", name: draft.trigger.name.trim() }
      : { event: "contact.subscribed" };
  return { name: draft.name.trim(), trigger, steps: draft.steps.map(cleanStep) };
}

export const draftKey = (draft: AutomationDraft) => JSON.stringify(toPayload(draft));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A fresh step id, unlike any taken one (the API would generate one too; the builder needs it now). */
export function newStepId(taken: ReadonlySet<string>, random: () => number = Math.random): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  for (;;) {
    let id = "step_";
    for (let i = 0; i < 12; i++) id += alphabet[Math.floor(random() * alphabet.length)];
    if (!taken.has(id)) return id;
  }
}

/** A new step of a type with sensible starting values; what must be chosen is left empty. */
export function createStep(type: StepType, id: string): Step {
  switch (type) {
    case "email":
      return { id, type, templateId: "" };
    case "delay":
      return { id, type, delayMinutes: 1440 };
    case "wait":
      return { id, type, waitEvent: "", waitTimeoutMinutes: 4320 };
    case "branch":
      return { id, type, branchCondition: { field: "data.", operator: "equals", value: "" } };
    case "action":
      return { id, type, action: "add-tag", tag: "" };
  }
}
