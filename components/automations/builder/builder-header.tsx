"use client";

import { ChevronLeft, ListChecks, MoreHorizontal, Trash2 } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "../../ui/button";
import { SaveStatus } from "../../ui/save-status";
import { cn } from "../../ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../ui/dropdown-menu";
import { describedBy } from "../../ui/field";
import type { AutomationStatus } from "@/db/schema";
import { AutomationStatusBadge } from "../automation-status-badge";
import type { SaveState } from "./use-automation-builder";

type Props = {
  name: string;
  onNameChange: (name: string) => void;
  onNameBlur: () => void;
  nameError?: string;
  status: AutomationStatus;
  trigger: string;
  stepCount: number;
  /** The runs page, and the compact run counts that link to it. */
  runsHref: string;
  runSummary: ReactNode;
  dirty: boolean;
  saveState: SaveState;
  onSave: () => void;
  onToggleStatus: () => void;
  onDelete: () => void;
};

/** Name, run counts, save state, Save, the draft/live switch, runs and delete. */
export function BuilderHeader(props: Props) {
  const { name, nameError, status, dirty, saveState } = props;
  return (
    <header className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
      <div className="min-w-0 flex-1 basis-72">
        <Link
          href="/automations"
          className="mb-1.5 inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
        >
          <ChevronLeft aria-hidden className="size-4" />
          Automations
        </Link>
        <input
          aria-label="Automation name"
          value={name}
          maxLength={120}
          onChange={(e) => props.onNameChange(e.target.value)}
          onBlur={props.onNameBlur}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy("automation-name", nameError)}
          placeholder="Untitled automation"
          className={cn(
            "-mx-2 block w-full truncate rounded-lg bg-transparent px-2 py-0.5 text-xl font-semibold tracking-tight text-zinc-900 outline-none sm:text-2xl",
            "hover:bg-zinc-100/80 focus:bg-white focus:ring-2 focus:ring-indigo-500",
            nameError && "ring-2 ring-red-400",
          )}
        />
        {nameError && (
          <p id="automation-name-error" className="mt-1 text-[13px] text-red-600">
            {nameError}
          </p>
        )}
        <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-zinc-500">
          <AutomationStatusBadge status={status} />
          <span>{props.trigger}</span>
          <span aria-hidden>·</span>
          <span>
            {props.stepCount} {props.stepCount === 1 ? "step" : "steps"}
          </span>
          {/* The separator wraps with the summary, never dangling at a line's end. */}
          <span className="inline-flex items-center gap-x-2">
            <span aria-hidden>·</span>
            {props.runSummary}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <SaveStatus dirty={dirty} state={saveState} shownFrom="sm" />
        <Button
          variant="secondary"
          onClick={props.onSave}
          disabled={saveState === "saving"}
          aria-keyshortcuts="Control+S"
          title="Save (Ctrl+S)"
        >
          {saveState === "saving" ? "Saving…" : "Save"}
        </Button>
        <Button onClick={props.onToggleStatus} disabled={saveState === "saving"}>
          {status === "draft" ? "Go live" : "Switch to draft"}
        </Button>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary" size="icon" className="size-9" aria-label="More actions">
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-48">
            <DropdownMenuItem asChild>
              <Link href={props.runsHref}>
                <ListChecks aria-hidden />
                View runs
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem destructive onSelect={props.onDelete}>
              <Trash2 aria-hidden />
              Delete automation
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
