"use client";

import { Input } from "../ui/input";
import { cn } from "../ui/cn";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../ui/select";
import type { RuleDraft, RuleKind, valueInputFor } from "./rule-draft";

/** The value of a rule, as the operator wants it: nothing, a list, days, a date, yes/no or text. */
export function ValueControl({
  rule,
  input,
  label,
  invalid,
  onChange,
}: {
  rule: RuleDraft;
  input: ReturnType<typeof valueInputFor>;
  label: string;
  invalid: boolean;
  onChange: (patch: Partial<RuleDraft>) => void;
}) {
  const common = { "aria-label": label, "aria-invalid": invalid ? true : undefined } as const;
  switch (input) {
    case "none":
      return <span className="hidden sm:block" />;
    case "subscribed":
      return (
        <Select
          value={rule.subscribed ? "true" : "false"}
          onValueChange={(v) => onChange({ subscribed: v === "true" })}
        >
          <SelectTrigger {...common} />
          <SelectContent>
            <SelectItem value="true">subscribed</SelectItem>
            <SelectItem value="false">unsubscribed</SelectItem>
          </SelectContent>
        </Select>
      );
    case "days":
      return (
        <div className="flex items-center gap-2">
          <Input
            {...common}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={rule.text}
            onChange={(e) => onChange({ text: e.target.value })}
            className="w-24 tabular-nums"
          />
          <span className="text-[13px] text-zinc-600">days</span>
        </div>
      );
    case "date":
      return (
        <Input
          {...common}
          type="date"
          value={rule.text}
          onChange={(e) => onChange({ text: e.target.value })}
          className="tabular-nums"
        />
      );
    default:
      return (
        <Input
          {...common}
          value={rule.text}
          onChange={(e) => onChange({ text: e.target.value })}
          placeholder={
            input === "list"
              ? "pro, team"
              : input === "number"
                ? "100 or 2026-01-31"
                : placeholderFor(rule.kind)
          }
          autoComplete="off"
          spellCheck={false}
          className={cn(input === "number" && "tabular-nums")}
        />
      );
  }
}

function placeholderFor(kind: RuleKind): string {
  if (kind === "email") return "@acme.com";
  if (kind === "source") return "api";
  if (kind === "tags") return "vip";
  return "value";
}
