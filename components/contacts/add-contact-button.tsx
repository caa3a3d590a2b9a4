"use client";

import { Plus } from "lucide-react";
import { Button } from "../ui/button";
import { ContactFormDialog } from "./contact-form-dialog";

export function AddContactButton({ label = "Add contact" }: { label?: string }) {
  return (
    <ContactFormDialog
      trigger={
        <Button>
          <Plus aria-hidden />
          {label}
        </Button>
      }
    />
  );
}
