"use client";

import { MousePointerClick, Plus, X } from "lucide-react";
import type { AutomationTrigger } from "@/db/schema";
import { Button } from "../../../ui/button";
import { Notice } from "../../../ui/notice";
import { TriggerChoice } from "../../trigger-choice";

/** What starts the automation. */
export function TriggerPanel({
  trigger,
  onChange,
  onTouch,
  errors,
  onClose,
}: {
  trigger: AutomationTrigger;
  onChange: (trigger: AutomationTrigger) => void;
  onTouch: () => void;
  errors: Record<string, string>;
  onClose: () => void;
}) {
  const eventName = trigger.event === "event" ? trigger.name : "";
  return (
    <section aria-label="Trigger" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-zinc-100 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold text-zinc-900">Trigger</h2>
          <p className="text-xs text-zinc-500">Who enters this automation, and when</p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close trigger settings">
          <X aria-hidden />
        </Button>
      </header>
      <div className="grid min-h-0 grid-cols-[minmax(0,1fr)] content-start gap-4 overflow-y-auto p-4">
        {errors.trigger && <Notice tone="error">{errors.trigger}</Notice>}
        <TriggerChoice
          idPrefix="builder"
          kind={trigger.event}
          onKindChange={(kind) =>
            onChange(kind === "event" ? { event: "event", name: eventName } : { event: kind })
          }
          eventName={eventName}
          onEventNameChange={(name) => onChange({ event: "event", name })}
          onEventNameBlur={onTouch}
          error={errors.name}
        />
        <p className="text-[13px] text-zinc-500">
          Only while the automation is live, and only from then on: contacts who subscribed or
          events recorded earlier do not enter. A contact is in this automation at most once at a
          time.
        </p>
      </div>
    </section>
  );
}

/** The panel before anything is selected: how the builder works. */
export function OverviewPanel() {
  return (
    <section
      aria-label="How the builder works"
      className="grid gap-4 p-5 text-[13px] text-zinc-600"
    >
      <div className="grid size-10 place-items-center rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
        <MousePointerClick aria-hidden className="size-5 text-zinc-500" />
      </div>
      <div>
        <h2 className="text-sm font-semibold text-zinc-900">Select a step to edit it</h2>
        <p className="mt-1">
          Contacts start at the trigger and go down the flow one step at a time. Their settings open
          here.
        </p>
      </div>
      <ul className="grid gap-2.5">
        <li className="flex items-start gap-2">
          <span className="grid size-5 shrink-0 place-items-center rounded-full bg-white ring-1 ring-zinc-300">
            <Plus aria-hidden className="size-3" />
          </span>
          <span>Add a step anywhere with the + on a line between two steps.</span>
        </li>
        <li className="flex items-start gap-2">
          <span className="mt-0.5 shrink-0 rounded-full bg-emerald-50 px-1.5 text-[11px] font-semibold text-emerald-700 ring-1 ring-emerald-600/25">
            Yes
          </span>
          <span>A branch splits the flow in two; each path can have its own steps.</span>
        </li>
        <li className="flex items-start gap-2">
          <span className="mt-0.5 shrink-0 rounded-full bg-zinc-100 px-1.5 text-[11px] font-medium text-zinc-500 ring-1 ring-zinc-200">
            End
          </span>
          <span>Where a path ends, the contact leaves the automation.</span>
        </li>
      </ul>
      <p>Changes take effect when you save. Nobody enters until you switch the automation live.</p>
    </section>
  );
}
