"use client";

import * as SelectPrimitive from "@radix-ui/react-select";
import { Trash2 } from "lucide-react";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { ValueControl } from "./rule-value";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../ui/select";
import {
  operatorLabel,
  operatorsFor,
  RULE_KINDS,
  valueInputFor,
  withKind,
  type RuleDraft,
  type RuleKind,
  type RuleOperator,
} from "./rule-draft";

const groupLabel = "px-2.5 pt-2 pb-1 text-xs font-medium text-zinc-500";

/** One rule: what to check, how, and against what; the value control fits the operator. */
export function RuleRow({
  rule,
  index,
  onChange,
  onRemove,
  errors,
}: {
  rule: RuleDraft;
  index: number;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
  /** Messages for field, operator and value of this rule. */
  errors: { field?: string; operator?: string; value?: string };
}) {
  const input = valueInputFor(rule.kind, rule.operator);
  const id = `rule-${rule.id}`;
  // The service names every field kind; here only the custom field's name can be wrong.
  const fieldError =
    errors.field && rule.kind === "data"
      ? "Enter the custom field’s name, like plan or company.size (no spaces)."
      : errors.field;
  const problems = [fieldError, errors.operator, errors.value].filter(Boolean);
  const set = (patch: Partial<RuleDraft>) => onChange({ ...rule, ...patch });

  return (
    <li
      aria-label={`Rule ${index + 1}`}
      className="rounded-lg bg-zinc-50/70 p-2.5 ring-1 ring-zinc-200/70 ring-inset"
    >
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-3 sm:items-start">
          <div className="grid min-w-0 gap-2">
            <Select
              value={rule.kind}
              onValueChange={(kind) => onChange(withKind(rule, kind as RuleKind))}
            >
              <SelectTrigger
                aria-label={`Rule ${index + 1} field`}
                aria-invalid={errors.field ? true : undefined}
                className="aria-invalid:ring-red-400 [&>span]:truncate"
              />
              <SelectContent>
                {(["contact", "engagement"] as const).map((group) => (
                  <SelectPrimitive.Group key={group}>
                    <SelectPrimitive.Label className={groupLabel}>
                      {group === "contact" ? "Contact" : "Engagement"}
                    </SelectPrimitive.Label>
                    {RULE_KINDS.filter((k) => k.group === group).map((k) => (
                      <SelectItem key={k.value} value={k.value}>
                        {k.label}
                      </SelectItem>
                    ))}
                  </SelectPrimitive.Group>
                ))}
              </SelectContent>
            </Select>
            {rule.kind === "data" && (
              <div className="flex items-stretch">
                <span className="inline-flex items-center rounded-l-lg bg-white px-2 font-mono text-xs text-zinc-500 ring-1 ring-zinc-200 ring-inset">
                  data.
                </span>
                <Input
                  aria-label={`Rule ${index + 1} custom field name`}
                  value={rule.key}
                  onChange={(e) => set({ key: e.target.value })}
                  placeholder="plan"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={190}
                  className="-ml-px min-w-0 rounded-l-none font-mono text-[13px]"
                  aria-invalid={errors.field ? true : undefined}
                />
              </div>
            )}
          </div>
          <Select
            value={rule.operator}
            onValueChange={(operator) => set({ operator: operator as RuleOperator })}
          >
            <SelectTrigger
              aria-label={`Rule ${index + 1} condition`}
              aria-invalid={errors.operator ? true : undefined}
              className="aria-invalid:ring-red-400 [&>span]:truncate"
            />
            <SelectContent>
              {operatorsFor(rule.kind).map((op) => (
                <SelectItem key={op} value={op}>
                  {operatorLabel(rule.kind, op)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <ValueControl
            rule={rule}
            input={input}
            label={`Rule ${index + 1} value`}
            invalid={Boolean(errors.value)}
            onChange={set}
          />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 text-zinc-400 hover:text-red-600"
          onClick={onRemove}
          aria-label={`Remove rule ${index + 1}`}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {problems.length > 0 && (
        <p id={`${id}-error`} className="mt-2 text-[13px] text-red-600">
          {problems.join(" ")}
        </p>
      )}
    </li>
  );
}
