"use client";

import { useState } from "react";
import type { AutomationStatus } from "@/db/schema";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "../../ui/alert-dialog";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { DialogFooter } from "../../ui/dialog";

/** Confirms the draft/live switch, saying what happens to contacts. */
export function StatusDialog({
  open,
  onOpenChange,
  status,
  trigger,
  dirty,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current status; the dialog offers the other one. */
  status: AutomationStatus;
  trigger: string;
  dirty: boolean;
  pending: boolean;
  onConfirm: () => void;
}) {
  const goingLive = status === "draft";
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        title={goingLive ? "Go live?" : "Switch back to draft?"}
        description={
          goingLive ? (
            <>
              Contacts start entering now:{" "}
              <span className="font-medium text-zinc-900">{lowerFirst(trigger)}</span>, they go
              through the flow and get its emails. Earlier sign-ups and events do not enter. Anyone
              paused in it before resumes where they were; delays that ran out meanwhile continue at
              once.
            </>
          ) : (
            <>
              New contacts stop entering. Contacts already in the flow pause where they are and get
              nothing more until you go live again; then they resume from the same step.
            </>
          )
        }
      >
        {dirty && (
          <p className="-mt-2 px-6 pb-4 text-[13px] text-zinc-600">
            Your unsaved changes are saved first.
          </p>
        )}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          <Button onClick={onConfirm} disabled={pending}>
            {pending ? "Working…" : goingLive ? "Go live" : "Switch to draft"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Removing a branch: which path stays, and how many steps go with the other. */
export function DeleteBranchDialog({
  open,
  onOpenChange,
  removedWith,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many other steps each choice removes. */
  removedWith: { yes: number; no: number };
  onConfirm: (keep: "yes" | "no") => void;
}) {
  const [keep, setKeep] = useState<"yes" | "no">("yes");
  const lost = removedWith[keep];
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        title="Delete this branch?"
        description="The flow continues with one of its two paths. Which one should stay?"
      >
        <fieldset className="grid gap-2 px-6 pb-4">
          <legend className="sr-only">Path to keep</legend>
          {(["yes", "no"] as const).map((path) => (
            <label
              key={path}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-[13px] ring-1 ring-inset",
                keep === path
                  ? "bg-indigo-50/60 ring-2 ring-indigo-500"
                  : "ring-zinc-200 hover:bg-zinc-50",
              )}
            >
              <input
                type="radio"
                name="keep-path"
                checked={keep === path}
                onChange={() => setKeep(path)}
                className="accent-indigo-600"
              />
              <span className="font-medium text-zinc-900">
                Keep the {path === "yes" ? "Yes" : "No"} path
              </span>
              <span className="ml-auto text-zinc-500">
                {describeLoss(removedWith[path === "yes" ? "yes" : "no"])}
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          <Button variant="danger" onClick={() => onConfirm(keep)}>
            {lost > 0
              ? `Delete branch and ${lost} ${lost === 1 ? "step" : "steps"}`
              : "Delete branch"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function describeLoss(count: number) {
  if (count === 0) return "no other step removed";
  return `removes ${count} ${count === 1 ? "step" : "steps"} of the other path`;
}
