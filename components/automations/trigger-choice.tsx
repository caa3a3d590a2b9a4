"use client";

import { UserPlus, Zap } from "lucide-react";
import { cn } from "../ui/cn";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";

export type TriggerKind = "contact.subscribed" | "event";

const OPTIONS = [
  {
    value: "contact.subscribed",
    label: "When a contact subscribes",
    hint: "A new subscribed contact is added: by the API, a form, an import or by hand.",
    icon: UserPlus,
  },
  {
    value: "event",
    label: "When an event is recorded",
    hint: "Your app records an event for the contact, e.g. order.paid.",
    icon: Zap,
  },
] as const;

/** The trigger as two choice cards, and the event name when it is an event. */
export function TriggerChoice({
  idPrefix,
  kind,
  onKindChange,
  eventName,
  onEventNameChange,
  onEventNameBlur,
  error,
  autoFocusEvent,
}: {
  idPrefix: string;
  kind: TriggerKind;
  onKindChange: (kind: TriggerKind) => void;
  eventName: string;
  onEventNameChange: (name: string) => void;
  onEventNameBlur?: () => void;
  error?: string;
  autoFocusEvent?: boolean;
}) {
  const eventId = `${idPrefix}-event`;
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-[13px] font-medium text-zinc-800">Starts</legend>
        <div className="grid gap-2">
          {OPTIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                "relative flex cursor-pointer gap-3 rounded-xl p-3 ring-1 ring-inset transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500",
                kind === option.value
                  ? "bg-indigo-50/60 ring-2 ring-indigo-500"
                  : "ring-zinc-200 hover:bg-zinc-50",
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}-trigger`}
                value={option.value}
                checked={kind === option.value}
                onChange={() => onKindChange(option.value)}
                className="sr-only"
              />
              <option.icon aria-hidden className="mt-0.5 size-4 shrink-0 text-zinc-500" />
              <span>
                <span className="block text-[13px] font-medium text-zinc-900">{option.label}</span>
                <span className="mt-0.5 block text-[12.5px] leading-snug text-zinc-500">
                  {option.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "event" && (
        <Field
          id={eventId}
          label="Event name"
          error={error}
          hint="Exactly as your app sends it in POST /v1/events."
        >
          <Input
            id={eventId}
            name="eventName"
            value={eventName}
            onChange={(e) => onEventNameChange(e.target.value)}
            onBlur={onEventNameBlur}
            placeholder="order.paid"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            autoFocus={autoFocusEvent}
            className="font-mono text-[13px]"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(eventId, error, true)}
          />
        </Field>
      )}
    </div>
  );
}
