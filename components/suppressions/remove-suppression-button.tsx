"use client";

import { useState, useTransition } from "react";
import { removeSuppressionAction } from "@/lib/dashboard/actions/suppressions";
import type { FormState } from "@/lib/dashboard/form-state";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

export function RemoveSuppressionButton({ email, bounced }: { email: string; bounced: boolean }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const toast = useToast();

  function remove() {
    startTransition(async () => {
      const result = await removeSuppressionAction(email);
      if (result.status === "success") {
        setOpen(false);
        toast({ title: "Suppression removed", description: `${email} can receive email again.` });
      }
      setState(result);
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setState({ status: "idle" });
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="danger-ghost" size="sm" aria-label={`Remove ${email}`}>
          Remove
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Remove from the suppression list?"
        description={
          <>
            Mailwright will send to <span className="font-medium text-zinc-900">{email}</span>{" "}
            again.
            {bounced
              ? " This address bounced or complained before: sending to it again can hurt your sender reputation."
              : ""}
          </>
        }
      >
        {state.status === "error" && (
          <div className="px-6 pb-4">
            <Notice tone="error">{state.message}</Notice>
          </div>
        )}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          <Button variant="danger" onClick={remove} disabled={pending}>
            {pending ? "Removing…" : "Remove suppression"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
