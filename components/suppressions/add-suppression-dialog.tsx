"use client";

import { Plus } from "lucide-react";
import { startTransition, useActionState, useEffect, useState, type FormEvent } from "react";
import {
  addSuppressionAction,
  type AddedSuppression,
} from "@/lib/web/dashboard/actions/suppressions";
import { IDLE, type FormState } from "@/lib/web/dashboard/form-state";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from "../ui/dialog";
import { describedBy, Field } from "../ui/field";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

export function AddSuppressionDialog({ label = "Add address" }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          {label}
        </Button>
      </DialogTrigger>
      {/* Mounted only while open: every opening starts from a clean form. */}
      {open && <AddSuppressionForm onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function AddSuppressionForm({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const [state, action, pending] = useActionState<FormState<AddedSuppression>, FormData>(
    addSuppressionAction,
    IDLE,
  );

  useEffect(() => {
    if (state.status !== "success" || !state.result) return;
    toast({ title: "Address suppressed", description: state.result.email });
    onDone();
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  const errors = state.status === "error" ? state.fieldErrors : {};
  const formLevel = state.status === "error" && Object.keys(errors).length === 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  }

  return (
    <DialogContent
      title="Suppress an address"
      description="Mailwright will not send any email to this address, transactional or marketing, until you remove it."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {formLevel && <Notice tone="error">{state.message}</Notice>}
          <Field id="suppression-email" label="Email" error={errors.email}>
            <Input
              id="suppression-email"
              name="email"
              type="email"
              autoComplete="off"
              placeholder="someone@example.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy("suppression-email", errors.email)}
            />
          </Field>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-[13px] font-medium text-zinc-800">Reason</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <ReasonOption
                value="manual"
                title="Manual"
                description="You decided not to email this address."
                defaultChecked
              />
              <ReasonOption
                value="unsubscribe"
                title="Unsubscribe"
                description="The person asked to receive no email."
              />
            </div>
            {errors.reason && <p className="text-[13px] text-red-600">{errors.reason}</p>}
          </fieldset>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Adding…" : "Suppress address"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function ReasonOption({
  value,
  title,
  description,
  defaultChecked,
}: {
  value: "manual" | "unsubscribe";
  title: string;
  description: string;
  defaultChecked?: boolean;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer gap-3 rounded-xl p-3 ring-1 ring-zinc-200 transition-colors ring-inset hover:bg-zinc-50",
        "has-[:checked]:bg-indigo-50/60 has-[:checked]:ring-2 has-[:checked]:ring-indigo-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500",
      )}
    >
      <input
        type="radio"
        name="reason"
        value={value}
        defaultChecked={defaultChecked}
        className="mt-0.5 size-4 accent-indigo-600"
        aria-labelledby={`reason-${value}-label`}
        aria-describedby={`reason-${value}-hint`}
      />
      <span className="min-w-0">
        {/* Named by the title alone; the description is its description. */}
        <span id={`reason-${value}-label`} className="block text-sm font-medium text-zinc-900">
          {title}
        </span>
        <span id={`reason-${value}-hint`} className="mt-0.5 block text-xs text-zinc-500">
          {description}
        </span>
      </span>
    </label>
  );
}
