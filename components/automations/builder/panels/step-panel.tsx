"use client";

import { Trash2, X } from "lucide-react";
import { TextField } from "../../../templates/editor/field-kit";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { Notice } from "../../../ui/notice";
import { stepMeta } from "../step-meta";
import type { TemplateOption } from "../template-options";
import type { TopicOption } from "@/lib/web/dashboard/campaign-options";
import { ActionFields } from "./action-fields";
import { BranchFields } from "./branch-fields";
import { EmailFields } from "./email-fields";
import type { PanelProps } from "./fields";
import { DelayFields, WaitFields } from "./timing-fields";

const SHOWN_FIELDS: Record<string, string[]> = {
  email: ["templateId", "subjectOverride", "topicId"],
  delay: ["delayMinutes"],
  wait: ["waitEvent", "waitTimeoutMinutes"],
  branch: ["branchCondition.field", "branchCondition.operator", "branchCondition.value"],
  action: ["action", "tag", "actionKey", "actionValue"],
};

/** The selected step's fields, its optional label, and delete. */
export function StepPanel({
  number,
  templates,
  topics,
  onClose,
  onDelete,
  ...props
}: PanelProps & {
  number: number;
  templates: TemplateOption[];
  topics: TopicOption[];
  onClose: () => void;
  onDelete: () => void;
}) {
  const { step, errors, onPatch, onTouch } = props;
  const meta = stepMeta(step.type);
  // Problems on fields this panel has no input for (e.g. from an API-made step).
  const shown = new Set([...(SHOWN_FIELDS[step.type] ?? []), "detail"]);
  const other = Object.entries(errors).filter(([field]) => !shown.has(field));

  return (
    <section aria-label={`Step ${number}: ${meta.label}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-zinc-100 px-4 py-3">
        <span
          className={cn(
            "grid size-8 shrink-0 place-items-center rounded-lg ring-1 ring-inset",
            meta.tint,
          )}
        >
          <meta.icon aria-hidden className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold text-zinc-900">{meta.label}</h2>
          <p className="text-xs text-zinc-500">
            Step {number} · {meta.description}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close step settings">
          <X aria-hidden />
        </Button>
      </header>
      <div className="grid min-h-0 grid-cols-[minmax(0,1fr)] content-start gap-4 overflow-y-auto p-4">
        {other.length > 0 && (
          <Notice tone="error" title="This step cannot be saved as it is">
            <ul>
              {other.map(([field, message]) => (
                <li key={field}>{field === "step" ? message : `${field}: ${message}`}</li>
              ))}
            </ul>
          </Notice>
        )}
        <Fields {...props} templates={templates} topics={topics} />
        <TextField
          id={`${step.id}-detail`}
          label="Label (optional)"
          value={typeof step.detail === "string" ? step.detail : ""}
          onChange={(detail) => onPatch({ detail: detail === "" ? undefined : detail })}
          onBlur={() => onTouch("detail")}
          error={errors.detail}
          placeholder="e.g. Onboarding tip #2"
          maxLength={500}
          hint="A note for your team, shown on the card."
        />
      </div>
      <footer className="mt-auto border-t border-zinc-100 px-4 py-3">
        <Button variant="danger-ghost" size="sm" onClick={onDelete} className="-ml-2.5">
          <Trash2 aria-hidden />
          Delete step
        </Button>
      </footer>
    </section>
  );
}

function Fields(props: PanelProps & { templates: TemplateOption[]; topics: TopicOption[] }) {
  switch (props.step.type) {
    case "email":
      return <EmailFields {...props} />;
    case "delay":
      return <DelayFields {...props} />;
    case "wait":
      return <WaitFields {...props} />;
    case "branch":
      return <BranchFields {...props} />;
    case "action":
      return <ActionFields {...props} />;
    default:
      return null;
  }
}
