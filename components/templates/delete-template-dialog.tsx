"use client";

import { deleteTemplateAction } from "@/lib/dashboard/actions/templates";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog";

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
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      afterDelete={afterDelete}
      title="Delete this template?"
      confirmLabel="Delete template"
      onConfirm={() => deleteTemplateAction(template.id)}
      deleted={{ title: "Template deleted", description: template.name }}
      description={
        <>
          <span className="font-medium text-zinc-900">{template.name}</span> will be removed. Emails
          already sent with it are kept; API calls and automation steps that still use its id will
          fail. This cannot be undone.
        </>
      }
    />
  );
}
