"use client";

import { Plus } from "lucide-react";
import { startTransition, useActionState, useState, type FormEvent } from "react";
import { createAutomationAction } from "@/lib/web/dashboard/actions/automations";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { TriggerChoice, type TriggerKind } from "./trigger-choice";

/** "New automation": a name and what starts it; then the builder opens. */
export function NewAutomationButton({
  label = "New automation",
  variant = "primary",
}: {
  label?: string;
  variant?: "primary" | "secondary";
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Plus aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      {open && <NewAutomationForm onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function NewAutomationForm({ onDone }: { onDone: () => void }) {
  const [state, action, pending] = useActionState<FormState<{ id: string }>, FormData>(
    createAutomationAction,
    IDLE,
  );
  const [kind, setKind] = useState<TriggerKind>("contact.subscribed");
  const [eventName, setEventName] = useState("");

  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;
  // On success the action redirects to the builder; the button stays busy until it opens.
  const busy = pending || state.status === "success";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("trigger", kind);
    form.set("eventName", eventName);
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title="New automation"
      description="Name it and choose what starts it. You build the steps next; it stays a draft until you switch it live."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {formLevel && <Notice tone="error">{state.message}</Notice>}
          <Field id="automation-name" label="Name" error={errors.name}>
            <Input
              id="automation-name"
              name="name"
              autoComplete="off"
              placeholder="Welcome series"
              maxLength={120}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("automation-name", errors.name)}
            />
          </Field>
          <TriggerChoice
            idPrefix="new-automation"
            kind={kind}
            onKindChange={setKind}
            eventName={eventName}
            onEventNameChange={setEventName}
            error={errors["trigger.name"] ?? errors.trigger}
            autoFocusEvent
          />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating…" : "Create and open builder"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
