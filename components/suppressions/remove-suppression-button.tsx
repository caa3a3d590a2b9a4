"use client";

import { useState } from "react";
import { removeSuppressionAction } from "@/lib/web/dashboard/actions/suppressions";
import { Button } from "../ui/button";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";

export function RemoveSuppressionButton({ email, bounced }: { email: string; bounced: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="danger-ghost"
        size="sm"
        aria-label={`Remove ${email}`}
        onClick={() => setOpen(true)}
      >
        Remove
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
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
        confirmLabel="Remove suppression"
        pendingLabel="Removing…"
        onConfirm={() => removeSuppressionAction(email)}
        done={{ title: "Suppression removed", description: `${email} can receive email again.` }}
      />
    </>
  );
}
