"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import type { FormState } from "@/lib/dashboard/form-state";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "./alert-dialog";
import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { Notice } from "./notice";
import { useToast } from "./toast";

/**
 * The one "delete this X?" confirmation: runs the server action, shows its error inline, toasts
 * on success and optionally leaves the page (a detail page deleting its own subject).
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  deleted,
  afterDelete,
  children,
  confirmDisabled = false,
  dismissLabel = "Cancel",
  pendingLabel = "Deleting…",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<FormState>;
  /** The success toast. */
  deleted: { title: string; description?: string };
  afterDelete?: string;
  /** Shown between the description and the buttons (what the deletion would affect). */
  children?: ReactNode;
  /** Keeps the delete button disabled (the deletion is known to be refused). */
  confirmDisabled?: boolean;
  /** The button that closes the dialog (when the action itself is a "Cancel …"). */
  dismissLabel?: string;
  pendingLabel?: string;
}) {
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function remove() {
    startTransition(async () => {
      const result = await onConfirm();
      setState(result);
      if (result.status !== "success") return;
      onOpenChange(false);
      toast(deleted);
      if (afterDelete) router.push(afterDelete);
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
          <Button variant="danger" onClick={remove} disabled={pending || confirmDisabled}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
