"use client";

import { Ban } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { cancelScheduledEmailAction } from "@/lib/web/dashboard/actions/emails";
import { Button } from "../ui/button";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";

/** Shown on a scheduled email's page: cancels it before its time (it is then never sent). */
export function CancelScheduledButton({ emailId, to }: { emailId: string; to: string }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  return (
    <>
      <Button variant="secondary" className="text-red-600" onClick={() => setOpen(true)}>
        <Ban aria-hidden />
        Cancel send
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this scheduled email?"
        description={`It will not be sent to ${to}. This cannot be undone.`}
        confirmLabel="Cancel send"
        dismissLabel="Keep it"
        pendingLabel="Canceling…"
        onConfirm={async () => {
          const result = await cancelScheduledEmailAction(emailId);
          if (result.status === "success") router.refresh();
          return result;
        }}
        done={{ title: "Scheduled send canceled", description: to }}
      />
    </>
  );
}
