"use client";

import type { ReactNode } from "react";
import { BLOCK_TYPES } from "@/lib/web/dashboard/templates-document";
import type { BlockType } from "@/lib/templates/blocks";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";
import { BLOCK_META } from "./block-meta";

/** The "Add block" menu: every block type (columns only where nesting is allowed). */
export function AddBlockMenu({
  trigger,
  onAdd,
  allowColumns = true,
  title = "Add a block",
}: {
  trigger: ReactNode;
  onAdd: (type: BlockType) => void;
  allowColumns?: boolean;
  title?: string;
}) {
  const types = allowColumns ? BLOCK_TYPES : BLOCK_TYPES.filter((t) => t !== "columns");
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>{title}</DropdownMenuLabel>
        {types.map((type) => {
          const { label, icon: Icon, hint } = BLOCK_META[type];
          return (
            <DropdownMenuItem key={type} onSelect={() => onAdd(type)} className="items-start py-2">
              <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-md bg-zinc-100 ring-1 ring-zinc-200/70">
                <Icon aria-hidden />
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-zinc-900">{label}</span>
                <span className="block text-xs text-zinc-500">{hint}</span>
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
