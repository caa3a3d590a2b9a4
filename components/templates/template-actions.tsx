"use client";

import { Copy, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState, useTransition } from "react";
import { copyTemplateAction } from "@/lib/web/dashboard/actions/templates";
import { Button } from "../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { useToast } from "../ui/toast";
import { DeleteTemplateDialog } from "./delete-template-dialog";

/** The "…" menu of a templates table row: edit, duplicate or delete. */
export function TemplateRowActions({ template }: { template: { id: string; name: string } }) {
  const [deleting, setDeleting] = useState(false);
  const [pending, startTransition] = useTransition();
  const toast = useToast();

  function duplicate() {
    startTransition(async () => {
      const result = await copyTemplateAction(template.id);
      if (result.status === "error") toast({ title: result.message, tone: "error" });
    });
  }

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Actions for ${template.name}`}
            disabled={pending}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem asChild>
            <Link href={`/templates/${template.id}`}>
              <Pencil aria-hidden />
              Edit
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={duplicate}>
            <Copy aria-hidden />
            Duplicate
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setDeleting(true)}>
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteTemplateDialog template={template} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
