"use client";

import { MAX_DELAY_MINUTES, MAX_WAIT_TIMEOUT_MINUTES } from "@/lib/automations/step-schemas";
import { TextField } from "../../../templates/editor/field-kit";
import { formatDuration } from "../durations";
import { DurationField, type PanelProps } from "./fields";

export function DelayFields({ step, errors, onPatch, onTouch }: PanelProps) {
  return (
    <DurationField
      id={`${step.id}-delay`}
      label="Wait for"
      minutes={step.delayMinutes}
      onChange={(delayMinutes) => onPatch({ delayMinutes })}
      onBlur={() => onTouch("delayMinutes")}
      error={errors.delayMinutes}
      hint={`From 1 minute to ${formatDuration(MAX_DELAY_MINUTES)}. Then the contact moves on to the next step.`}
    />
  );
}

export function WaitFields({ step, errors, onPatch, onTouch }: PanelProps) {
  return (
    <>
      <TextField
        id={`${step.id}-event`}
        label="Event to wait for"
        value={typeof step.waitEvent === "string" ? step.waitEvent : ""}
        onChange={(waitEvent) => onPatch({ waitEvent })}
        onBlur={() => onTouch("waitEvent")}
        error={errors.waitEvent}
        placeholder="order.paid"
        maxLength={200}
        hint="Recorded for this contact by your app (POST /v1/events)."
      />
      <DurationField
        id={`${step.id}-timeout`}
        label="Give up after"
        minutes={step.waitTimeoutMinutes}
        onChange={(waitTimeoutMinutes) => onPatch({ waitTimeoutMinutes })}
        onBlur={() => onTouch("waitTimeoutMinutes")}
        error={errors.waitTimeoutMinutes}
        hint={`From 1 minute to ${formatDuration(MAX_WAIT_TIMEOUT_MINUTES)}.`}
      />
      <p className="rounded-lg bg-zinc-50 px-3 py-2.5 text-[13px] text-zinc-600 ring-1 ring-zinc-200/70 ring-inset">
        Either way the contact continues to the next step. To treat the two cases differently, add a
        branch after this step that checks{" "}
        <span className="font-medium text-zinc-800">Outcome of the last wait</span>.
      </p>
    </>
  );
}
