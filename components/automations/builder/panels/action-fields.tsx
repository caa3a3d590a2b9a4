"use client";

import { STEP_ACTIONS } from "@/lib/automations/step-schemas";
import { TextField } from "../../../templates/editor/field-kit";
import { describedBy, Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import { valueToText } from "../condition";
import { SelectField, type PanelProps } from "./fields";

type Action = (typeof STEP_ACTIONS)[number];

const ACTIONS: { value: Action; label: string }[] = [
  { value: "add-tag", label: "Add a tag" },
  { value: "remove-tag", label: "Remove a tag" },
  { value: "update-field", label: "Set a data field" },
  { value: "unsubscribe", label: "Unsubscribe the contact" },
];

export function ActionFields({ step, errors, onPatch, onTouch }: PanelProps) {
  const action = STEP_ACTIONS.includes(step.action as Action) ? (step.action as Action) : undefined;
  const id = step.id;
  return (
    <>
      <SelectField<Action>
        id={`${id}-action`}
        label="Action"
        value={action}
        placeholder="Choose an action"
        onChange={(next) => onPatch({ action: next })}
        options={ACTIONS}
        error={errors.action}
      />
      {(action === "add-tag" || action === "remove-tag") && (
        <TextField
          id={`${id}-tag`}
          label="Tag"
          value={typeof step.tag === "string" ? step.tag : ""}
          onChange={(tag) => onPatch({ tag })}
          onBlur={() => onTouch("tag")}
          error={errors.tag}
          placeholder="vip"
          maxLength={100}
        />
      )}
      {action === "update-field" && (
        <>
          <Field
            id={`${id}-key`}
            label="Field"
            error={errors.actionKey}
            hint="A custom field of the contact, usable in templates as {{data.field}}."
          >
            <div className="flex items-stretch">
              <span className="inline-flex items-center rounded-l-lg bg-zinc-50 px-2.5 font-mono text-[13px] text-zinc-500 ring-1 ring-zinc-200 ring-inset">
                data.
              </span>
              <Input
                id={`${id}-key`}
                value={typeof step.actionKey === "string" ? step.actionKey : ""}
                onChange={(e) => onPatch({ actionKey: e.target.value })}
                onBlur={() => onTouch("actionKey")}
                placeholder="plan"
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                className="-ml-px rounded-l-none font-mono text-[13px]"
                aria-invalid={errors.actionKey ? true : undefined}
                aria-describedby={describedBy(`${id}-key`, errors.actionKey, true)}
              />
            </div>
          </Field>
          <TextField
            id={`${id}-value`}
            label="New value"
            value={valueToText(step.actionValue)}
            onChange={(value) => onPatch({ actionValue: value === "" ? undefined : value })}
            onBlur={() => onTouch("actionValue")}
            error={errors.actionValue}
            placeholder="pro"
            hint="Leave empty to clear the field."
          />
        </>
      )}
      {action === "unsubscribe" && (
        <p className="rounded-lg bg-zinc-50 px-3 py-2.5 text-[13px] text-zinc-600 ring-1 ring-zinc-200/70 ring-inset">
          The contact is marked unsubscribed: later email steps of this flow are skipped for them,
          and campaigns leave them out.
        </p>
      )}
    </>
  );
}
