"use client";

import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "../../ui/alert-dialog";
import { Button } from "../../ui/button";
import { DialogFooter } from "../../ui/dialog";

/** Confirms the one-way switch of a blocks template to HTML. */
export function ConvertToHtmlDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        title="Switch this template to HTML?"
        description="The blocks become their email HTML, and from then on you edit the code. Variables and fallbacks are kept. This is one-way: HTML cannot be turned back into blocks (until you save, leaving the page discards the switch)."
      >
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">Keep blocks</Button>
          </AlertDialogCancel>
          <Button onClick={onConfirm} disabled={pending}>
            {pending ? "Converting…" : "Convert to HTML"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Asked when a link would leave the editor with unsaved changes. */
export function LeaveDialog({
  open,
  name,
  onStay,
  onLeave,
  onSaveAndLeave,
  saving,
}: {
  open: boolean;
  name: string;
  onStay: () => void;
  onLeave: () => void;
  onSaveAndLeave: () => void;
  saving: boolean;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onStay()}>
      <AlertDialogContent
        title="Leave without saving?"
        description={
          <>
            Your changes to{" "}
            <span className="font-medium text-zinc-900">{name || "this template"}</span> have not
            been saved yet.
          </>
        }
      >
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">Stay</Button>
          </AlertDialogCancel>
          <Button variant="danger-ghost" onClick={onLeave}>
            Discard changes
          </Button>
          <Button onClick={onSaveAndLeave} disabled={saving}>
            {saving ? "Saving…" : "Save and leave"}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
