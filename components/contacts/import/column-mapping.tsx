"use client";

import {
  TARGET_LABELS,
  type ColumnChoice,
  type ColumnTarget,
  type MappingProblems,
} from "@/lib/web/dashboard/import-mapping";
import { cleanFieldKey } from "@/lib/imports/suggest";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { Select, SelectContent, SelectItem, SelectTrigger } from "../../ui/select";

const TARGETS = Object.keys(TARGET_LABELS) as ColumnTarget[];

/** Step 2: what each column of the file becomes. */
export function ColumnMapping({
  columns,
  rows,
  choices,
  problems,
  existingKeys,
  onChange,
}: {
  columns: string[];
  rows: string[][];
  choices: ColumnChoice[];
  problems: MappingProblems;
  /** The project's custom field keys: a key among them fills that field. */
  existingKeys: string[];
  onChange: (index: number, choice: ColumnChoice) => void;
}) {
  return (
    <div>
      {problems.general.length > 0 && (
        <div className="border-b border-zinc-100 px-5 py-4">
          <Notice tone="error" title="Check the columns before importing">
            <ul className="list-disc space-y-0.5 pl-4">
              {problems.general.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Notice>
        </div>
      )}
      <div className="hidden grid-cols-[minmax(0,1fr)_11rem_11rem] gap-3 border-b border-zinc-100 bg-zinc-50/60 px-5 py-2.5 text-xs font-medium text-zinc-500 sm:grid">
        <span>Column in your file</span>
        <span>Import as</span>
        <span>Field name</span>
      </div>
      <ul className="divide-y divide-zinc-100">
        {columns.map((column, i) => {
          const choice = choices[i]!;
          const samples = rows.map((row) => row[i]?.trim() ?? "").filter(Boolean);
          const label = column.trim() || `Column ${i + 1}`;
          const keyError = problems.keys[i];
          const keyId = `field-key-${i}`;
          return (
            <li
              key={i}
              className="grid gap-2 px-5 py-3 sm:grid-cols-[minmax(0,1fr)_11rem_11rem] sm:items-start sm:gap-3"
            >
              <div className="min-w-0 sm:pt-1">
                <p className="truncate text-sm font-medium text-zinc-900" title={label}>
                  {column.trim() ? label : <span className="text-zinc-400 italic">{label}</span>}
                </p>
                <p className="truncate text-[13px] text-zinc-500">
                  {samples.length > 0 ? (
                    <>e.g. {samples.slice(0, 3).join(", ")}</>
                  ) : (
                    "Empty in the first rows"
                  )}
                </p>
              </div>
              <Select
                value={choice.target}
                onValueChange={(target) =>
                  onChange(i, {
                    target: target as ColumnTarget,
                    key: choice.key || cleanFieldKey(column),
                  })
                }
              >
                <SelectTrigger aria-label={`Import “${label}” as`} />
                <SelectContent>
                  {TARGETS.map((target) => (
                    <SelectItem key={target} value={target}>
                      {TARGET_LABELS[target]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {choice.target === "data" ? (
                <div className="grid gap-1">
                  {/* The column heading names this field on wide screens; phones stack it. */}
                  <span aria-hidden className="text-xs font-medium text-zinc-500 sm:hidden">
                    Field name
                  </span>
                  <Input
                    id={keyId}
                    value={choice.key}
                    onChange={(event) => onChange(i, { ...choice, key: event.target.value })}
                    aria-label={`Field name for “${label}”`}
                    aria-invalid={keyError ? true : undefined}
                    aria-describedby={keyError ? `${keyId}-error` : undefined}
                    className="font-mono text-[13px]"
                  />
                  {keyError ? (
                    <p id={`${keyId}-error`} className="text-[13px] text-red-600">
                      {keyError}
                    </p>
                  ) : (
                    <p className="text-[13px] text-zinc-500">
                      {existingKeys.includes(choice.key.trim()) ? "Existing field" : "New field"}
                    </p>
                  )}
                </div>
              ) : (
                <span aria-hidden className="hidden sm:block" />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
