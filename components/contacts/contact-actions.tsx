"use client";

import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { ContactFormDialog, type EditableContact } from "./contact-form-dialog";
import { DeleteContactDialog } from "./delete-contact-dialog";

/** The "…" menu of a contacts table row: edit or delete that contact. */
export function ContactRowActions({ contact }: { contact: EditableContact }) {
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${contact.email}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem onSelect={() => setDialog("edit")}>
            <Pencil aria-hidden />
            Edit
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setDialog("delete")}>
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ContactFormDialog contact={contact} open={dialog === "edit"} onOpenChange={close} />
      <DeleteContactDialog contact={contact} open={dialog === "delete"} onOpenChange={close} />
    </>
  );
}

/** Edit and delete buttons on the contact's own page. */
export function ContactPageActions({ contact }: { contact: EditableContact }) {
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <>
      <Button variant="secondary" onClick={() => setDialog("edit")}>
        <Pencil aria-hidden />
        Edit
      </Button>
      <Button variant="secondary" className="text-red-600" onClick={() => setDialog("delete")}>
        <Trash2 aria-hidden />
        Delete
      </Button>
      <ContactFormDialog contact={contact} open={dialog === "edit"} onOpenChange={close} />
      <DeleteContactDialog
        contact={contact}
        open={dialog === "delete"}
        onOpenChange={close}
        afterDelete="/contacts"
      />
    </>
  );
}
