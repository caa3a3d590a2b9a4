"use client";

import { Blocks, ChevronLeft, Code2, MoreHorizontal, Trash2 } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { TEMPLATE_CATEGORIES } from "@/lib/templates/categories";
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
import { Input } from "../../ui/input";
import { SegmentedControl } from "../../ui/segmented-control";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../ui/select";
import type { Draft, SaveState } from "./use-template-editor";

type Props = {
  draft: Draft;
  onChange: (patch: Partial<Pick<Draft, "name" | "subject" | "category">>) => void;
  onTouch: (field: string) => void;
  errors: Record<string, string>;
  dirty: boolean;
  saveState: SaveState;
  onSave: () => void;
  onDelete: () => void;
  onFormatChange: (format: "blocks" | "html") => void;
  /** The send-test dialog trigger. */
  sendTest: ReactNode;
};

/** Name, save state and actions; then subject, category and format. */
export function EditorHeader(props: Props) {
  const { draft, onChange, onTouch, errors, dirty, saveState, onSave, onDelete } = props;
  return (
    <header className="mb-5 grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-72">
          <Link
            href="/templates"
            className="mb-1.5 inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Templates
          </Link>
          <input
            aria-label="Template name"
            value={draft.name}
            maxLength={200}
            onChange={(e) => onChange({ name: e.target.value })}
            onBlur={() => onTouch("name")}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("template-name", errors.name)}
            placeholder="Untitled template"
            className={cn(
              "-mx-2 block w-full truncate rounded-lg bg-transparent px-2 py-0.5 text-xl font-semibold tracking-tight text-zinc-900 outline-none sm:text-2xl",
              "hover:bg-zinc-100/80 focus:bg-white focus:ring-2 focus:ring-indigo-500",
              errors.name && "ring-2 ring-red-400",
            )}
          />
          {errors.name && (
            <p id="template-name-error" className="mt-1 text-[13px] text-red-600">
              {errors.name}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <SaveStatus dirty={dirty} state={saveState} shownFrom="md" />
          {props.sendTest}
          <Button
            onClick={onSave}
            disabled={saveState === "saving"}
            aria-keyshortcuts="Control+S"
            title="Save (Ctrl+S)"
          >
            {saveState === "saving" ? "Saving…" : "Save"}
          </Button>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary" size="icon" className="size-9" aria-label="More actions">
                <MoreHorizontal aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="min-w-44">
              <DropdownMenuItem destructive onSelect={onDelete}>
                <Trash2 aria-hidden />
                Delete template
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      <div className="grid gap-3 rounded-xl bg-white p-3 shadow-xs ring-1 ring-zinc-200/80 sm:grid-cols-[minmax(0,1fr)_12rem] lg:grid-cols-[minmax(0,1fr)_12rem_auto] lg:items-start">
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <label
              htmlFor="template-subject"
              className="w-16 shrink-0 text-[13px] font-medium text-zinc-500"
            >
              Subject
            </label>
            <Input
              id="template-subject"
              value={draft.subject}
              maxLength={500}
              onChange={(e) => onChange({ subject: e.target.value.replace(/[\r\n]+/g, " ") })}
              onBlur={() => onTouch("subject")}
              placeholder='Welcome aboard, {{ name | "there" }}!'
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={describedBy("template-subject", errors.subject)}
            />
          </div>
          {errors.subject && (
            <p id="template-subject-error" className="pl-[4.5rem] text-[13px] text-red-600">
              {errors.subject}
            </p>
          )}
        </div>
        <div className="grid gap-1">
          <Select value={draft.category} onValueChange={(category) => onChange({ category })}>
            <SelectTrigger aria-label="Category" />
            <SelectContent>
              {TEMPLATE_CATEGORIES.map((c) => (
                <SelectItem key={c} value={c}>
                  {c}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {errors.category && <p className="text-[13px] text-red-600">{errors.category}</p>}
        </div>
        <SegmentedControl
          label="Editor"
          className="sm:col-span-2 lg:col-span-1"
          value={draft.format}
          onValueChange={props.onFormatChange}
          options={[
            {
              value: "blocks",
              label: "Blocks",
              icon: Blocks,
              disabled: draft.format === "html",
              title:
                draft.format === "html"
                  ? "HTML templates cannot be turned back into blocks"
                  : undefined,
            },
            { value: "html", label: "HTML", icon: Code2 },
          ]}
        />
      </div>
    </header>
  );
}
