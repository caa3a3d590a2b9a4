"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteDomainAction } from "@/lib/dashboard/actions/domains";
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

export function DeleteDomainButton({ domain }: { domain: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function remove() {
    startTransition(async () => {
      const result = await deleteDomainAction(domain.id);
      setState(result);
      if (result.status !== "success") return;
      setOpen(false);
      toast({ title: "Domain deleted", description: domain.name });
      router.push("/settings/domains");
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
        <Button variant="secondary" className="text-red-600">
          <Trash2 aria-hidden />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={`Delete ${domain.name}?`}
        description={
          <>
            Emails from addresses at{" "}
            <span className="font-medium text-zinc-900">{domain.name}</span> will be refused until
            the domain is added and verified again. Its DKIM key is deleted too: adding it again
            gives a new key, so the DNS record would have to change.
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
            {pending ? "Deleting…" : "Delete domain"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
