"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import type { FormState } from "@/lib/web/dashboard/form-state";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "./alert-dialog";
import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { Notice } from "./notice";
import { useToast } from "./toast";

/**
 * The one "are you sure?" confirmation (delete this X, cancel this send, mark this verified): runs
 * the server action, shows its error inline, toasts on success and then leaves the page (a
 * detail page deleting its own subject) or refreshes it.
 */
export function ConfirmActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  done,
  afterDone,
  children,
  confirmDisabled = false,
  dismissLabel = "Cancel",
  pendingLabel = "Deleting…",
  tone = "danger",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<FormState>;
  /** The success toast. */
  done: { title: string; description?: string };
  /** Where to go on success: a path, or "refresh" to re-render this page. */
  afterDone?: string;
  /** Shown between the description and the buttons (what the deletion would affect). */
  children?: ReactNode;
  /** Keeps the delete button disabled (the deletion is known to be refused). */
  confirmDisabled?: boolean;
  /** The button that closes the dialog (when the action itself is a "Cancel …"). */
  dismissLabel?: string;
  pendingLabel?: string;
  /** "danger" for what cannot be undone; "primary" for a confirmed change. */
  tone?: "danger" | "primary";
}) {
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function confirm() {
    startTransition(async () => {
      const result = await onConfirm();
      setState(result);
      if (result.status !== "success") return;
      onOpenChange(false);
      toast(done);
      if (afterDone === "refresh") router.refresh();
      else if (afterDone) router.push(afterDone);
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setState({ status: "idle" });
      }}
    >
      <AlertDialogContent title={title} description={description}>
        {children}
        {state.status === "error" && (
          <div className="px-6 pb-4">
            <Notice tone="error">{state.message}</Notice>
          </div>
        )}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">{dismissLabel}</Button>
          </AlertDialogCancel>
          <Button variant={tone} onClick={confirm} disabled={pending || confirmDisabled}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
