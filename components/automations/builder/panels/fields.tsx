"use client";

import { useState, type ReactNode } from "react";
import { describedBy, Field } from "../../../ui/field";
import { Input } from "../../../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../../ui/select";
import { splitMinutes, TIME_UNITS, toMinutes, type TimeUnit } from "../durations";

/** What every step panel gets: the step's fields, its visible problems, and how to change it. */
export type PanelProps = {
  step: Record<string, unknown> & { id: string; type: string };
  errors: Record<string, string>;
  onPatch: (patch: Record<string, unknown>) => void;
  /** Marks `<stepId>.<field>` as visited, so its problem shows. */
  onTouch: (field: string) => void;
};

export function SelectField<T extends string>({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
}: {
  id: string;
  label: ReactNode;
  value: T | undefined;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Select value={value} onValueChange={(v) => onChange(v as T)}>
        <SelectTrigger
          id={id}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, Boolean(hint))}
          className="aria-invalid:ring-red-400"
        />
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

/**
 * Minutes edited as an amount and a unit ("3" "days"). The typed text is kept as typed; the
 * step gets the minutes (or undefined while the amount is empty or not a number).
 */
export function DurationField({
  id,
  label,
  minutes,
  onChange,
  onBlur,
  error,
  hint,
}: {
  id: string;
  label: ReactNode;
  minutes: unknown;
  onChange: (minutes: number | undefined) => void;
  onBlur: () => void;
  error?: string;
  hint?: ReactNode;
}) {
  const initial =
    typeof minutes === "number" && Number.isFinite(minutes)
      ? splitMinutes(minutes)
      : { amount: undefined, unit: "days" as TimeUnit };
  const [amount, setAmount] = useState(initial.amount === undefined ? "" : String(initial.amount));
  const [unit, setUnit] = useState<TimeUnit>(initial.unit);

  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-2" onBlur={onBlur}>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            onChange(toMinutes(e.target.value, unit));
          }}
          className="tabular-nums"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, Boolean(hint))}
        />
        <Select
          value={unit}
          onValueChange={(value) => {
            const next = value as TimeUnit;
            setUnit(next);
            onChange(toMinutes(amount, next));
          }}
        >
          <SelectTrigger aria-label="Unit" />
          <SelectContent>
            {TIME_UNITS.map((u) => (
              <SelectItem key={u.value} value={u.value}>
                {u.many}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </Field>
  );
}
