"use client";

import { AlignCenter, AlignLeft, AlignRight } from "lucide-react";
import type { ReactNode } from "react";
import { ColorInput } from "../../ui/color-input";
import { describedBy, Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { Label } from "../../ui/label";
import { SegmentedControl, type SegmentedOption } from "../../ui/segmented-control";
import { Switch } from "../../ui/switch";

/**
 * Small controlled fields for the block inspector. Each takes the field's error (client or
 * server, already placed) and reports when it is left, so errors show after a first visit.
 */
type Common = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  onBlur?: () => void;
};

export function TextField({
  value,
  onChange,
  placeholder,
  maxLength,
  ...common
}: Common & {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
}) {
  const { id, label, error, hint, onBlur } = common;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, Boolean(hint))}
      />
    </Field>
  );
}

export function UrlField({
  kind,
  ...props
}: Common & {
  kind: "link" | "image";
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <TextField
      {...props}
      maxLength={2048}
      placeholder={props.placeholder ?? (kind === "image" ? "https://…/image.png" : "https://…")}
      hint={
        props.hint ??
        (kind === "image"
          ? "An https:// address or a {{variable}}."
          : "https://, mailto:, tel: or a {{variable}}.")
      }
    />
  );
}

export function NumberField({
  value,
  onChange,
  min,
  max,
  placeholder,
  suffix = "px",
  ...common
}: Common & {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min: number;
  max: number;
  placeholder?: string;
  suffix?: string;
}) {
  const { id, label, error, hint, onBlur } = common;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value ?? ""}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value === "" ? undefined : Number(e.target.value))}
          onBlur={onBlur}
          className="pr-8 tabular-nums"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, Boolean(hint))}
        />
        <span className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-xs text-zinc-400">
          {suffix}
        </span>
      </div>
    </Field>
  );
}

export function ColorField({
  value,
  onChange,
  defaultColor,
  ...common
}: Common & {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  defaultColor: string;
}) {
  const { id, label, error, hint, onBlur } = common;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div onBlur={onBlur} className="min-w-0">
        <ColorInput
          id={id}
          value={value}
          onChange={onChange}
          defaultColor={defaultColor}
          invalid={Boolean(error)}
          describedBy={describedBy(id, error, Boolean(hint))}
        />
      </div>
    </Field>
  );
}

const ALIGN_OPTIONS: SegmentedOption<"left" | "center" | "right">[] = [
  { value: "left", label: "Align left", icon: AlignLeft },
  { value: "center", label: "Align center", icon: AlignCenter },
  { value: "right", label: "Align right", icon: AlignRight },
];

export function AlignField({
  id,
  value,
  fallback,
  onChange,
}: {
  id: string;
  value: "left" | "center" | "right" | undefined;
  fallback: "left" | "center";
  onChange: (value: "left" | "center" | "right") => void;
}) {
  return (
    <ChoiceField id={id} label="Alignment">
      <SegmentedControl
        id={id}
        label="Alignment"
        iconOnly
        value={value ?? fallback}
        onValueChange={onChange}
        options={ALIGN_OPTIONS}
      />
    </ChoiceField>
  );
}

/** A label over a control that is not a single input (segmented choices, sliders). */
export function ChoiceField({
  id,
  label,
  children,
  error,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
  error?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-[13px] font-medium text-zinc-800">
        {label}
      </span>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "Track clicks" on blocks with links. Off stores `track: false` (the links render with
 * `data-mw-no-track`); on removes the field, so untouched documents stay as they were.
 */
export function TrackClicksField({
  id,
  track,
  onChange,
  what,
}: {
  id: string;
  track: boolean | undefined;
  onChange: (track: false | undefined) => void;
  /** "this button", "links in this text"… */
  what: string;
}) {
  const on = track !== false;
  return (
    <div className="flex items-start justify-between gap-3 rounded-lg p-3 ring-1 ring-zinc-200 ring-inset">
      <div className="min-w-0">
        <Label htmlFor={id}>Track clicks</Label>
        <p id={`${id}-hint`} className="mt-0.5 text-[13px] text-zinc-500">
          {on
            ? `Clicks on ${what} are counted when the sending domain tracks clicks.`
            : "Sent exactly as written and never counted: right for sign-in and password-reset links."}
        </p>
      </div>
      <Switch
        id={id}
        checked={on}
        onCheckedChange={(checked) => onChange(checked ? undefined : false)}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}
