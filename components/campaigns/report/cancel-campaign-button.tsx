"use client";

import { Undo2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { cancelCampaignAction } from "@/lib/web/dashboard/actions/campaigns";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "../../ui/alert-dialog";
import { Button } from "../../ui/button";
import { DialogFooter } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { useToast } from "../../ui/toast";

/** Takes a queued or scheduled campaign back to draft: nothing is sent, it can be edited again. */
export function CancelCampaignButton({
  campaignId,
  scheduled,
}: {
  campaignId: string;
  scheduled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const toast = useToast();

  function cancel() {
    startTransition(async () => {
      const result = await cancelCampaignAction(campaignId);
      if (result.status === "error") {
        setError(result.message);
        return;
      }
      setOpen(false);
      toast({ title: "Campaign moved back to draft" });
      router.refresh();
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden />
        {scheduled ? "Cancel schedule" : "Cancel send"}
      </Button>
      <AlertDialogContent
        title={scheduled ? "Cancel the scheduled send?" : "Cancel this send?"}
        description="The campaign goes back to draft and nobody receives it. You can edit it and send it later."
      >
        {error && (
          <div className="px-6 pb-4">
            <Notice tone="error">{error}</Notice>
          </div>
        )}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">Keep it</Button>
          </AlertDialogCancel>
          <Button variant="danger" onClick={cancel} disabled={pending}>
            {pending ? "Cancelling…" : "Back to draft"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
