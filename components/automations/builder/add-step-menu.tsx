"use client";

import { Plus } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";
import { cn } from "../../ui/cn";
import { STEP_META, STEP_TYPES_IN_MENU } from "./step-meta";
import type { StepType } from "./steps-draft";

/** The "+" on an edge: a menu of step types to insert there. */
export function AddStepMenu({
  label,
  onAdd,
  prominent,
}: {
  /** Accessible name, e.g. "Add a step after step 2". */
  label: string;
  onAdd: (type: StepType) => void;
  /** The empty flow's only edge: a labelled button instead of a bare "+". */
  prominent?: boolean;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={label}
          title={prominent ? undefined : label}
          className={cn(
            "nodrag nopan inline-flex cursor-pointer items-center justify-center gap-1 rounded-full bg-white text-zinc-500 shadow-xs ring-1 ring-zinc-300 transition-colors",
            "hover:bg-indigo-600 hover:text-white hover:ring-indigo-600 data-[state=open]:bg-indigo-600 data-[state=open]:text-white data-[state=open]:ring-indigo-600",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500",
            prominent ? "h-8 px-3 text-[13px] font-medium text-zinc-700" : "size-6",
          )}
        >
          <Plus aria-hidden className={prominent ? "size-4" : "size-3.5"} />
          {prominent && "Add a step"}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="center" className="w-64">
        <DropdownMenuLabel>Add a step</DropdownMenuLabel>
        {STEP_TYPES_IN_MENU.map((type) => {
          const meta = STEP_META[type];
          return (
            <DropdownMenuItem key={type} onSelect={() => onAdd(type)} className="items-start py-2">
              <span
                className={cn(
                  "grid size-7 shrink-0 place-items-center rounded-md ring-1 ring-inset [&_svg]:!text-current",
                  meta.tint,
                )}
              >
                <meta.icon aria-hidden />
              </span>
              <span className="min-w-0">
                <span className="block text-[13px] font-medium text-zinc-900">
                  {meta.menuLabel}
                </span>
                <span className="block text-xs text-zinc-500">{meta.description}</span>
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
