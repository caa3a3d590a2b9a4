"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteTemplateAction } from "@/lib/dashboard/actions/templates";
import type { FormState } from "@/lib/dashboard/form-state";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

export function DeleteTemplateDialog({
  template,
  open,
  onOpenChange,
  afterDelete,
}: {
  template: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to go afterwards (the editor leaves for the list); default: stay. */
  afterDelete?: string;
}) {
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function remove() {
    startTransition(async () => {
      const result = await deleteTemplateAction(template.id);
      setState(result);
      if (result.status !== "success") return;
      onOpenChange(false);
      toast({ title: "Template deleted", description: template.name });
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
        title="Delete this template?"
        description={
          <>
            <span className="font-medium text-zinc-900">{template.name}</span> will be removed.
            Emails already sent with it are kept; API calls and automation steps that still use its
            id will fail. This cannot be undone.
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
            {pending ? "Deleting…" : "Delete template"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
