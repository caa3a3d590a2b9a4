"use client";

import { Plus } from "lucide-react";
import { setColumnCount } from "@/lib/web/dashboard/templates-document";
import { Button } from "../../ui/button";
import { SegmentedControl } from "../../ui/segmented-control";
import type { InspectorProps } from "./block-inspector";
import { ChoiceField, NumberField } from "./field-kit";

type ColumnsBlock = Extract<InspectorProps["block"], { type: "columns" }>;

/** Columns: how many, their widths, and a shortcut to add content to each. */
export function ColumnsFields({
  block,
  onPatch,
  errors,
  onTouch,
  onAddToColumn,
}: InspectorProps<ColumnsBlock>) {
  const count = block.columns.length === 3 ? "3" : "2";
  const id = `block-${block.id}`;
  return (
    <>
      <ChoiceField id={`${id}-count`} label="Columns" error={errors.columns}>
        <SegmentedControl
          id={`${id}-count`}
          label="Number of columns"
          value={count}
          onValueChange={(v) =>
            onPatch({ columns: setColumnCount(block, v === "3" ? 3 : 2).columns })
          }
          options={[
            { value: "2", label: "2 columns" },
            { value: "3", label: "3 columns" },
          ]}
        />
      </ChoiceField>
      <div className="grid gap-1.5">
        <div
          className={
            count === "3"
              ? "grid grid-cols-3 gap-2 [&>*]:min-w-0"
              : "grid grid-cols-2 gap-2 [&>*]:min-w-0"
          }
        >
          {block.columns.map((column, c) => (
            <NumberField
              key={c}
              id={`${id}-width-${c}`}
              label={`Column ${c + 1}`}
              min={10}
              max={90}
              suffix="%"
              placeholder="Auto"
              value={column.width}
              onChange={(width) =>
                onPatch({
                  columns: block.columns.map((col, i) => (i === c ? { ...col, width } : col)),
                })
              }
              onBlur={() => onTouch(`columns.${c}.width`)}
              error={errors[`columns.${c}.width`]}
            />
          ))}
        </div>
        <p className="text-[13px] text-zinc-500">
          Widths in percent, 10–90 and at most 100 together. Auto columns share what is left. On
          phones, columns stack.
        </p>
      </div>
      <div className="grid gap-1.5">
        <span className="text-[13px] font-medium text-zinc-800">Content</span>
        <div className="grid gap-1.5">
          {block.columns.map((column, c) => (
            <div
              key={c}
              className="flex items-center justify-between rounded-lg px-3 py-2 ring-1 ring-zinc-200 ring-inset"
            >
              <span className="text-[13px] text-zinc-700">
                Column {c + 1}
                <span className="text-zinc-400">
                  {" "}
                  · {column.blocks.length} {column.blocks.length === 1 ? "block" : "blocks"}
                </span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => onAddToColumn(c)}>
                <Plus aria-hidden />
                Add text
              </Button>
            </div>
          ))}
        </div>
        <p className="text-[13px] text-zinc-500">
          Select a block inside a column in the block list to edit it.
        </p>
      </div>
    </>
  );
}
