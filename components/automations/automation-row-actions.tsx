"use client";

import type { AutomationStatus } from "@/db/schema";
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { DeleteAutomationDialog } from "./delete-automation-dialog";

/** The "…" menu of an automations table row: open the builder or delete. */
export function AutomationRowActions({
  automation,
}: {
  automation: { id: string; name: string; status: AutomationStatus };
}) {
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${automation.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem asChild>
            <Link href={`/automations/${automation.id}`}>
              <Pencil aria-hidden />
              Open builder
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setDeleting(true)}>
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteAutomationDialog automation={automation} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
