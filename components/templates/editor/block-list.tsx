"use client";

import { ArrowDown, ArrowUp, CircleAlert, Copy, LayoutTemplate, Plus, Trash2 } from "lucide-react";
import {
  createBlock,
  duplicateBlock,
  insertBlock,
  moveBlock,
  randomId,
  removeBlock,
  type AnyBlock,
  type InsertTarget,
} from "@/lib/web/dashboard/templates-document";
import type { BlocksDocument, BlockType } from "@/lib/templates/blocks";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { AddBlockMenu } from "./add-block-menu";
import {
  BlockDragArea,
  ColumnDropZone,
  SortableBlockItem,
  SortableBlocks,
  type RowDrag,
} from "./block-drag";
import { BLOCK_META, blockSummary } from "./block-meta";

type Props = {
  document: BlocksDocument;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onChange: (document: BlocksDocument) => void;
  /** Block ids with a problem to show (a red mark on the row). */
  invalidIds: ReadonlySet<string>;
};

/**
 * The template's blocks in order (column children nested), with add, copy and delete, and moves
 * by drag and drop (block-drag.tsx) or the up/down buttons.
 */
export function BlockList({ document, selectedId, onSelect, onChange, invalidIds }: Props) {
  function add(type: BlockType, target: InsertTarget) {
    const block = createBlock(type, randomId);
    onChange(insertBlock(document, block, target));
    onSelect(block.id!);
  }

  const ops = {
    move: (id: string, delta: -1 | 1) => onChange(moveBlock(document, id, delta)),
    duplicate: (id: string) => {
      const result = duplicateBlock(document, id, randomId);
      onChange(result.document);
      if (result.id) onSelect(result.id);
    },
    remove: (id: string) => {
      onChange(removeBlock(document, id));
      if (selectedId === id) onSelect(null);
    },
  };

  if (document.blocks.length === 0) {
    return (
      <div className="px-4 py-8 text-center">
        <div className="mx-auto mb-3 grid size-10 place-items-center rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
          <LayoutTemplate aria-hidden className="size-5 text-zinc-500" />
        </div>
        <p className="text-sm font-medium text-zinc-900">Start with a block</p>
        <p className="mt-1 text-[13px] text-zinc-500">
          Emails are built from blocks, top to bottom.
        </p>
        <div className="mt-4 grid grid-cols-2 gap-1.5">
          {(["heading", "text", "button", "image"] as const).map((type) => {
            const { label, icon: Icon } = BLOCK_META[type];
            return (
              <Button
                key={type}
                variant="secondary"
                size="sm"
                onClick={() => add(type, { after: null })}
              >
                <Icon aria-hidden />
                {label}
              </Button>
            );
          })}
        </div>
      </div>
    );
  }

  return (
    <BlockDragArea document={document} onChange={onChange}>
      <ol aria-label="Blocks" className="space-y-0.5 p-2">
        <SortableBlocks ids={document.blocks.map((b) => b.id!)}>
          {document.blocks.map((block, index) => (
            <SortableBlockItem
              key={block.id}
              id={block.id!}
              label={BLOCK_META[block.type].label}
              inColumn={false}
            >
              {(drag) => (
                <>
                  <BlockRow
                    block={block}
                    first={index === 0}
                    last={index === document.blocks.length - 1}
                    selected={block.id === selectedId}
                    invalid={invalidIds.has(block.id!)}
                    onSelect={() => onSelect(block.id!)}
                    ops={ops}
                    drag={drag}
                  />
                  {block.type === "columns" && (
                    <div className="mt-0.5 mb-1 ml-4 space-y-1 border-l border-zinc-200 pl-2">
                      {block.columns.map((column, c) => (
                        <ColumnDropZone key={c} parentId={block.id!} column={c}>
                          <div className="flex items-center justify-between py-0.5 pr-1 pl-2">
                            <span className="text-[11px] font-medium tracking-wide text-zinc-400 uppercase">
                              Column {c + 1}
                            </span>
                            <AddBlockMenu
                              allowColumns={false}
                              title={`Add to column ${c + 1}`}
                              onAdd={(type) => add(type, { parentId: block.id!, column: c })}
                              trigger={
                                <button
                                  type="button"
                                  aria-label={`Add a block to column ${c + 1}`}
                                  className="grid size-6 cursor-pointer place-items-center rounded text-zinc-400 hover:bg-zinc-200/60 hover:text-zinc-700"
                                >
                                  <Plus aria-hidden className="size-3.5" />
                                </button>
                              }
                            />
                          </div>
                          {column.blocks.length === 0 ? (
                            <p className="py-1 pl-2 text-xs text-zinc-400">
                              Empty column: drop a block here
                            </p>
                          ) : (
                            <ol className="space-y-0.5 pb-0.5">
                              <SortableBlocks ids={column.blocks.map((b) => b.id!)}>
                                {column.blocks.map((child, j) => (
                                  <SortableBlockItem
                                    key={child.id}
                                    id={child.id!}
                                    label={BLOCK_META[child.type].label}
                                    inColumn
                                  >
                                    {(childDrag) => (
                                      <BlockRow
                                        block={child}
                                        first={j === 0}
                                        last={j === column.blocks.length - 1}
                                        selected={child.id === selectedId}
                                        invalid={invalidIds.has(child.id!)}
                                        onSelect={() => onSelect(child.id!)}
                                        ops={ops}
                                        drag={childDrag}
                                      />
                                    )}
                                  </SortableBlockItem>
                                ))}
                              </SortableBlocks>
                            </ol>
                          )}
                        </ColumnDropZone>
                      ))}
                    </div>
                  )}
                </>
              )}
            </SortableBlockItem>
          ))}
        </SortableBlocks>
        <li className="pt-1.5">
          <AddBlockMenu
            onAdd={(type) => add(type, { after: selectedId })}
            title={selectedId ? "Add after the selected block" : "Add at the end"}
            trigger={
              <Button variant="ghost" size="sm" className="w-full justify-start text-zinc-500">
                <Plus aria-hidden />
                Add block
              </Button>
            }
          />
        </li>
      </ol>
    </BlockDragArea>
  );
}

function BlockRow({
  block,
  first,
  last,
  selected,
  invalid,
  onSelect,
  ops,
  drag,
}: {
  block: AnyBlock;
  first: boolean;
  last: boolean;
  selected: boolean;
  invalid: boolean;
  onSelect: () => void;
  ops: {
    move: (id: string, delta: -1 | 1) => void;
    duplicate: (id: string) => void;
    remove: (id: string) => void;
  };
  drag: RowDrag;
}) {
  const { label, icon: Icon } = BLOCK_META[block.type];
  const id = block.id!;
  const summary = blockSummary(block);
  return (
    <div
      onPointerDown={drag.onPointerDown}
      className={cn(
        "group relative flex items-center rounded-lg transition-colors",
        selected ? "bg-white shadow-xs ring-1 ring-indigo-500/60" : "hover:bg-zinc-100/80",
      )}
    >
      {drag.handle}
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={`${label}: ${summary}`}
        className="flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 rounded-lg py-1.5 pr-1 pl-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <span
          className={cn(
            "grid size-7 shrink-0 place-items-center rounded-md ring-1",
            selected
              ? "bg-indigo-50 text-indigo-600 ring-indigo-200"
              : "bg-white text-zinc-500 ring-zinc-200",
          )}
        >
          <Icon aria-hidden className="size-3.5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[13px] leading-4 font-medium text-zinc-800">{label}</span>
          <span className="block truncate text-xs leading-4 text-zinc-500">{summary}</span>
        </span>
        {invalid && (
          <CircleAlert aria-label="Has a problem" className="size-4 shrink-0 text-red-500" />
        )}
      </button>
      <div
        className={cn(
          "flex shrink-0 items-center pr-1",
          selected ? "flex" : "hidden group-focus-within:flex group-hover:flex",
        )}
      >
        <RowButton label={`Move ${label} up`} disabled={first} onClick={() => ops.move(id, -1)}>
          <ArrowUp aria-hidden />
        </RowButton>
        <RowButton label={`Move ${label} down`} disabled={last} onClick={() => ops.move(id, 1)}>
          <ArrowDown aria-hidden />
        </RowButton>
        <RowButton label={`Duplicate ${label}`} onClick={() => ops.duplicate(id)}>
          <Copy aria-hidden />
        </RowButton>
        <RowButton label={`Delete ${label}`} danger onClick={() => ops.remove(id)}>
          <Trash2 aria-hidden />
        </RowButton>
      </div>
    </div>
  );
}

function RowButton({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        "grid size-6 cursor-pointer place-items-center rounded text-zinc-400 transition-colors disabled:cursor-not-allowed disabled:opacity-30 [&_svg]:size-3.5",
        danger ? "hover:bg-red-50 hover:text-red-600" : "hover:bg-zinc-200/70 hover:text-zinc-800",
      )}
    >
      {children}
    </button>
  );
}
