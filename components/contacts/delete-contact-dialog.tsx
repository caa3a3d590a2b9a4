"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteContactAction } from "@/lib/dashboard/actions/contacts";
import type { FormState } from "@/lib/dashboard/form-state";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { useToast } from "../ui/toast";

export function DeleteContactDialog({
  contact,
  open,
  onOpenChange,
  afterDelete,
}: {
  contact: { id: string; email: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to go afterwards (the detail page leaves for the list); default: stay. */
  afterDelete?: string;
}) {
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function remove() {
    startTransition(async () => {
      const result = await deleteContactAction(contact.id);
      setState(result);
      if (result.status !== "success") return;
      onOpenChange(false);
      toast({ title: "Contact deleted", description: contact.email });
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
        title="Delete this contact?"
        description={
          <>
            <span className="font-medium text-zinc-900">{contact.email}</span> and their custom data
            will be removed, and any automations they are in will stop for them. Recorded events are
            kept without the link to the contact. This cannot be undone.
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
            {pending ? "Deleting…" : "Delete contact"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
