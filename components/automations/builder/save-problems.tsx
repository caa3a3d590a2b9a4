"use client";

import { Notice } from "../../ui/notice";
import type { Step } from "./graph";
import type { BuilderIssues } from "./issues";
import { stepMeta } from "./step-meta";

const FIELD_LABELS: Record<string, string> = {
  templateId: "template",
  subjectOverride: "subject",
  topicId: "topic",
  delayMinutes: "delay",
  waitEvent: "event",
  waitTimeoutMinutes: "timeout",
  "branchCondition.field": "field",
  "branchCondition.operator": "condition",
  "branchCondition.value": "value",
  action: "action",
  tag: "tag",
  actionKey: "field",
  actionValue: "value",
  detail: "label",
};

/** Why the last save (or go-live) did not happen, one line per problem; a step's line selects it. */
export function SaveProblems({
  heading,
  message,
  issues,
  steps,
  numberOf,
  onSelectStep,
  onSelectTrigger,
}: {
  /** "Not saved", "Not live yet". */
  heading: string;
  message: string;
  issues: BuilderIssues;
  steps: Step[];
  numberOf: (stepId: string) => number;
  onSelectStep: (id: string) => void;
  onSelectTrigger: () => void;
}) {
  const lines: { key: string; text: string; onClick?: () => void }[] = [];
  if (issues.name) lines.push({ key: "name", text: `Name: ${issues.name}` });
  for (const [field, text] of Object.entries(issues.trigger)) {
    lines.push({
      key: `trigger.${field}`,
      text: `Trigger${field === "name" ? " event name" : ""}: ${text}`,
      onClick: onSelectTrigger,
    });
  }
  for (const step of steps) {
    for (const [field, text] of Object.entries(issues.steps[step.id] ?? {})) {
      const label = FIELD_LABELS[field];
      lines.push({
        key: `${step.id}.${field}`,
        text: `Step ${numberOf(step.id)} (${stepMeta(step.type).label})${label ? ` ${label}` : ""}: ${text}`,
        onClick: () => onSelectStep(step.id),
      });
    }
  }
  for (const text of issues.general) lines.push({ key: `g.${text}`, text });

  return (
    <Notice
      tone="error"
      className="mb-4"
      title={
        lines.length > 0
          ? `${heading}: ${lines.length === 1 ? "1 thing needs" : `${lines.length} things need`} fixing`
          : heading
      }
    >
      {lines.length === 0 ? (
        message
      ) : (
        <ul className="mt-1 space-y-0.5">
          {lines.slice(0, 6).map((line) => (
            <li key={line.key}>
              {line.onClick ? (
                <button
                  type="button"
                  onClick={line.onClick}
                  className="cursor-pointer text-left underline decoration-red-300 underline-offset-2 hover:decoration-red-700"
                >
                  {line.text}
                </button>
              ) : (
                line.text
              )}
            </li>
          ))}
          {lines.length > 6 && <li>…and {lines.length - 6} more</li>}
        </ul>
      )}
    </Notice>
  );
}
