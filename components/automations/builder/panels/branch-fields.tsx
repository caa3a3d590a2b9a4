"use client";

import { useState } from "react";
import type { BranchOperator } from "@/lib/automations/step-schemas";
import { describedBy, Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import {
  adaptCondition,
  composeField,
  FIELD_KINDS,
  operatorLabel,
  operatorsFor,
  parseField,
  textToValue,
  valueInputFor,
  valueToText,
  type Condition,
  type FieldKind,
} from "../condition";
import { SelectField, type PanelProps } from "./fields";

/** The condition builder: what to check, how, and against what. */
export function BranchFields({ step, errors, onPatch, onTouch }: PanelProps) {
  const condition = readCondition(step.branchCondition);
  const { kind, key } = parseField(condition.field);
  const input = valueInputFor(kind, condition.operator);
  const operators = operatorsFor(kind).includes(condition.operator)
    ? operatorsFor(kind)
    : [...operatorsFor(kind), condition.operator];
  const set = (next: Condition) => onPatch({ branchCondition: adaptCondition(next) });
  const id = step.id;

  return (
    <div className="grid gap-4">
      <SelectField<FieldKind>
        id={`${id}-check`}
        label="Check"
        value={kind}
        onChange={(nextKind) => {
          set({ ...condition, field: composeField(nextKind, nextKind === kind ? key : "") });
          onTouch("branchCondition.field");
        }}
        options={FIELD_KINDS}
        hint={FIELD_KINDS.find((k) => k.value === kind)?.hint}
        error={kind === "data" || kind === "event" ? undefined : errors["branchCondition.field"]}
      />
      {(kind === "data" || kind === "event") && (
        <Field
          id={`${id}-key`}
          label="Field name"
          error={errors["branchCondition.field"]}
          hint={kind === "data" ? "e.g. plan, or company.size for a nested field." : "e.g. total."}
        >
          <div className="flex items-stretch">
            <span className="inline-flex items-center rounded-l-lg bg-zinc-50 px-2.5 font-mono text-[13px] text-zinc-500 ring-1 ring-zinc-200 ring-inset">
              {kind}.
            </span>
            <Input
              id={`${id}-key`}
              value={key}
              onChange={(e) => set({ ...condition, field: `${kind}.${e.target.value}` })}
              onBlur={() => onTouch("branchCondition.field")}
              placeholder={kind === "data" ? "plan" : "total"}
              autoComplete="off"
              spellCheck={false}
              maxLength={190}
              className="-ml-px rounded-l-none font-mono text-[13px]"
              aria-invalid={errors["branchCondition.field"] ? true : undefined}
              aria-describedby={describedBy(`${id}-key`, errors["branchCondition.field"], true)}
            />
          </div>
        </Field>
      )}
      <SelectField<BranchOperator>
        id={`${id}-operator`}
        label="Condition"
        value={condition.operator}
        onChange={(operator) => set({ ...condition, operator })}
        options={operators.map((op) => ({ value: op, label: operatorLabel(kind, op) }))}
        error={errors["branchCondition.operator"]}
      />
      {input === "subscribed" && (
        <SelectField
          id={`${id}-value`}
          label="Value"
          value={condition.value === false ? "false" : "true"}
          onChange={(v) => set({ ...condition, value: v === "true" })}
          options={[
            { value: "true", label: "subscribed" },
            { value: "false", label: "unsubscribed" },
          ]}
          error={errors["branchCondition.value"]}
        />
      )}
      {input === "outcome" && (
        <SelectField
          id={`${id}-value`}
          label="Value"
          value={condition.value === "timeout" ? "timeout" : "event"}
          onChange={(value) => set({ ...condition, value })}
          options={[
            { value: "event", label: "the event arrived" },
            { value: "timeout", label: "it timed out" },
          ]}
          error={errors["branchCondition.value"]}
        />
      )}
      {(input === "text" || input === "number" || input === "list") && (
        <ValueInput
          // Typed text is kept per field and operator; switching either starts from the value.
          key={`${condition.field}:${condition.operator}`}
          id={`${id}-value`}
          input={input}
          value={condition.value}
          onChange={(value) => onPatch({ branchCondition: { ...condition, value } })}
          onBlur={() => onTouch("branchCondition.value")}
          error={errors["branchCondition.value"]}
        />
      )}
      <p className="rounded-lg bg-zinc-50 px-3 py-2.5 text-[13px] text-zinc-600 ring-1 ring-zinc-200/70 ring-inset">
        Contacts who match continue on the{" "}
        <span className="font-semibold text-emerald-700">Yes</span> path, everyone else on the{" "}
        <span className="font-semibold text-rose-700">No</span> path. Text is compared ignoring
        case; numbers and dates (2025-01-31) as such.
      </p>
    </div>
  );
}

function ValueInput({
  id,
  input,
  value,
  onChange,
  onBlur,
  error,
}: {
  id: string;
  input: "text" | "number" | "list";
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string;
}) {
  const [text, setText] = useState(() => valueToText(value));
  const hint =
    input === "list"
      ? "Separate values with commas: pro, team."
      : input === "number"
        ? "A number, or a date like 2025-01-31."
        : undefined;
  return (
    <Field id={id} label={input === "list" ? "Values" : "Value"} error={error} hint={hint}>
      <Input
        id={id}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(textToValue(e.target.value, input));
        }}
        onBlur={onBlur}
        placeholder={input === "list" ? "pro, team" : input === "number" ? "100" : "pro"}
        autoComplete="off"
        inputMode={input === "number" ? "decimal" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, Boolean(hint))}
      />
    </Field>
  );
}

function readCondition(raw: unknown): Condition {
  const value = (raw && typeof raw === "object" ? raw : {}) as Partial<Condition>;
  return {
    field: typeof value.field === "string" ? value.field : "data.",
    operator: (value.operator ?? "equals") as BranchOperator,
    ...("value" in value && { value: value.value }),
  };
}
