import type { AutomationTrigger } from "@/db/schema";
import type { BranchOperator } from "@/lib/automations/step-schemas";
import { OPERATOR_LABELS, valueToText } from "./condition";
import { formatDuration } from "./durations";
import type { Step } from "./graph";

/** One line per step in plain words, as the node cards and the list show them. */
export type SummaryContext = { templateName: (id: string) => string | undefined };

export function triggerSummary(trigger: AutomationTrigger): string {
  return trigger.event === "event"
    ? `When event ${trigger.name || "…"} is recorded`
    : "When a contact subscribes";
}

const validMinutes = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function stepSummary(step: Step, context: SummaryContext): string {
  switch (step.type) {
    case "email": {
      const id = text(step.templateId);
      if (!id) return "Choose a template";
      const name = context.templateName(id);
      return name ? `Send “${name}”` : "Send a template that no longer exists";
    }
    case "delay":
      return validMinutes(step.delayMinutes)
        ? `Wait ${formatDuration(step.delayMinutes)}`
        : "Set how long to wait";
    case "wait": {
      const event = text(step.waitEvent);
      const timeout = validMinutes(step.waitTimeoutMinutes)
        ? `, up to ${formatDuration(step.waitTimeoutMinutes)}`
        : "";
      return event ? `Wait for event ${event}${timeout}` : "Choose the event to wait for";
    }
    case "branch":
      return conditionSummary(step.branchCondition);
    case "action":
      return actionSummary(step);
    default:
      return `Unknown step type “${String(step.type)}”`;
  }
}

export function conditionSummary(condition: unknown): string {
  if (!condition || typeof condition !== "object") return "Set a condition";
  const { field, operator, value } = condition as {
    field?: string;
    operator?: BranchOperator;
    value?: unknown;
  };
  if (!field || !operator || !(operator in OPERATOR_LABELS) || /^(data|event)\.$/.test(field)) {
    return "Set a condition";
  }
  const negated = operator === "not_equals";
  if (field === "subscribed" && (operator === "equals" || negated)) {
    const subscribed = (value === true || value === "true") !== negated;
    return subscribed ? "If the contact is subscribed" : "If the contact is unsubscribed";
  }
  if (field === "wait.outcome" && (operator === "equals" || negated)) {
    const arrived = (value === "event") !== negated;
    return arrived ? "If the awaited event arrived" : "If the wait timed out";
  }
  const words = OPERATOR_LABELS[operator];
  if (operator === "exists" || operator === "not_exists") return `If ${field} ${words}`;
  const shown = valueToText(value);
  return `If ${field} ${words} ${shown === "" ? "(empty)" : shown}`;
}

function actionSummary(step: Step): string {
  const tag = text(step.tag);
  const key = text(step.actionKey);
  switch (step.action) {
    case "add-tag":
      return tag ? `Add tag ${tag}` : "Add a tag";
    case "remove-tag":
      return tag ? `Remove tag ${tag}` : "Remove a tag";
    case "unsubscribe":
      return "Unsubscribe the contact";
    case "update-field": {
      if (!key) return "Update a data field";
      const value = valueToText(step.actionValue);
      return value === "" ? `Clear data.${key}` : `Set data.${key} to ${value}`;
    }
    default:
      return "Choose an action";
  }
}
