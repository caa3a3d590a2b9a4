"use client";

import type { AutomationStatus } from "@/db/schema";
import { deleteAutomationAction } from "@/lib/web/dashboard/actions/automations";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";

export function DeleteAutomationDialog({
  automation,
  open,
  onOpenChange,
  afterDelete,
}: {
  automation: { id: string; name: string; status: AutomationStatus };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to go afterwards (the builder leaves for the list); default: stay. */
  afterDelete?: string;
}) {
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      afterDone={afterDelete}
      title="Delete this automation?"
      confirmLabel="Delete automation"
      onConfirm={() => deleteAutomationAction(automation.id)}
      done={{ title: "Automation deleted", description: automation.name }}
      description={
        <>
          <span className="font-medium text-zinc-900">{automation.name}</span> and its steps will be
          removed.{" "}
          {automation.status === "live"
            ? "It is live: contacts in it leave the flow now and get nothing more from it. "
            : "Contacts paused in it leave the flow. "}
          Emails it already sent are kept. This cannot be undone.
        </>
      }
    />
  );
}
