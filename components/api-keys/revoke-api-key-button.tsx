"use client";

import { useState, useTransition } from "react";
import { revokeApiKeyAction } from "@/lib/dashboard/actions/api-keys";
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

export function RevokeApiKeyButton({ keyId, name }: { keyId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FormState>({ status: "idle" });
  const [pending, startTransition] = useTransition();
  const toast = useToast();

  function revoke() {
    startTransition(async () => {
      const result = await revokeApiKeyAction(keyId);
      if (result.status === "success") {
        setOpen(false);
        toast({ title: "API key revoked", description: `“${name}” can no longer be used.` });
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
        <Button variant="danger-ghost" size="sm">
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={`Revoke “${name}”?`}
        description="Requests made with this key will be refused with 401 straight away. This cannot be undone: you would create a new key instead."
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
          <Button variant="danger" onClick={revoke} disabled={pending}>
            {pending ? "Revoking…" : "Revoke key"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
