"use client";

import { deleteContactAction } from "@/lib/web/dashboard/actions/contacts";
import { ConfirmActionDialog } from "../ui/confirm-action-dialog";

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
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      afterDone={afterDelete}
      title="Delete this contact?"
      confirmLabel="Delete contact"
      onConfirm={() => deleteContactAction(contact.id)}
      done={{ title: "Contact deleted", description: contact.email }}
      description={
        <>
          <span className="font-medium text-zinc-900">{contact.email}</span> and their custom data
          will be removed, and any automations they are in will stop for them. Recorded events are
          kept without the link to the contact. This cannot be undone.
        </>
      }
    />
  );
}
