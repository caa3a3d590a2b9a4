"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteAutomationAction } from "@/lib/dashboard/actions/automations";
import type { FormState } from "@/lib/dashboard/form-state";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

export function DeleteAutomationDialog({
  automation,
  open,
  onOpenChange,
  afterDelete,
}: {
  automation: { id: string; name: string; status: "draft" | "live" };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to go afterwards (the builder leaves for the list); default: stay. */
  afterDelete?: string;
}) {
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function remove() {
    startTransition(async () => {
      const result = await deleteAutomationAction(automation.id);
      setState(result);
      if (result.status !== "success") return;
      onOpenChange(false);
      toast({ title: "Automation deleted", description: automation.name });
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
      <AlertDialogContent
        title="Delete this automation?"
        description={
          <>
            <span className="font-medium text-zinc-900">{automation.name}</span> and its steps will
            be removed.{" "}
            {automation.status === "live"
              ? "It is live: contacts in it leave the flow now and get nothing more from it. "
              : "Contacts paused in it leave the flow. "}
            Emails it already sent are kept. This cannot be undone.
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
            {pending ? "Deleting…" : "Delete automation"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
