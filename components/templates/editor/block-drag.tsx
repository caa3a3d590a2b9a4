"use client";

import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type CollisionDetection,
  type DragEndEvent,
  type Over,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { createContext, useContext, useState, type ReactNode } from "react";
import { findBlock } from "@/lib/web/dashboard/templates-document";
import {
  columnDropId,
  dropBlock,
  dropTargetFor,
  parseColumnDropId,
  resolveDrop,
} from "@/lib/web/dashboard/templates-reorder";
import type { BlocksDocument, BlockType } from "@/lib/templates/blocks";
import { cn } from "../../ui/cn";
import { BLOCK_META, blockSummary } from "./block-meta";

/**
 * Drag and drop of the block list (@dnd-kit): rows sort within their list, and a block can be
 * dropped into another list (a column, or out of one). A pointer drags the whole row; the grip
 * handle is the keyboard's way in (Space picks up, arrows move, Space drops, Escape cancels).
 */

/**
 * Where a drop into another list would land (sorting within a list shows itself): a line at the
 * row, and the destination column tinted (`zoneId`, null for the top level), which stays visible
 * while the dragged card covers the row.
 */
type DropHint = { overId: string; after: boolean; zoneId: string | null } | null;
type DragState = { activeType: BlockType | null; hint: DropHint };

const DragStateContext = createContext<DragState>({ activeType: null, hint: null });

/** Over nested targets (a column child inside a columns row) the innermost wins. */
const innermostCollision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length === 0) return closestCenter(args);
  const area = (id: UniqueIdentifier) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Infinity;
  };
  return [...within].sort((a, b) => area(a.id) - area(b.id));
};

function belowCenter(active: Active, over: Over): boolean {
  const rect = active.rect.current.translated;
  if (!rect) return false;
  return rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2;
}

/** The line to draw when the drop lands in another list than the block's own (or null). */
function crossListHint(document: BlocksDocument, active: Active, over: Over): DropHint {
  const activeId = String(active.id);
  const overId = String(over.id);
  const target = dropTargetFor(document, activeId, overId, belowCenter(active, over));
  if (!target || !resolveDrop(document, activeId, target)) return null;
  if (target.kind === "column") return { overId, after: false, zoneId: overId };
  const from = findBlock(document, activeId)?.location;
  const to = findBlock(document, overId)?.location;
  if (!from || !to || (from.parentId === to.parentId && from.column === to.column)) return null;
  const zoneId = to.parentId === null ? null : columnDropId(to.parentId, to.column!);
  return { overId, after: target.after, zoneId };
}

function describe(document: BlocksDocument, id: UniqueIdentifier): string {
  const column = parseColumnDropId(String(id));
  if (column) return `column ${column.column + 1}`;
  const found = findBlock(document, String(id));
  return found ? `${BLOCK_META[found.block.type].label} “${blockSummary(found.block)}”` : "a block";
}

export function BlockDragArea({
  document,
  onChange,
  children,
}: {
  document: BlocksDocument;
  onChange: (document: BlocksDocument) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of movement first, so a click still selects.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const [hint, setHint] = useState<DropHint>(null);
  const active = activeId ? findBlock(document, activeId)?.block : undefined;

  function updateHint(event: { active: Active; over: Over | null }) {
    const next = event.over ? crossListHint(document, event.active, event.over) : null;
    setHint((current) =>
      current?.overId === next?.overId && current?.after === next?.after ? current : next,
    );
  }

  function onDragEnd(event: DragEndEvent) {
    setActiveId(null);
    setHint(null);
    if (!event.over) return;
    const target = dropTargetFor(
      document,
      String(event.active.id),
      String(event.over.id),
      belowCenter(event.active, event.over),
    );
    if (!target) return;
    const next = dropBlock(document, String(event.active.id), target);
    if (next !== document) onChange(next);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={innermostCollision}
      onDragStart={(event) => setActiveId(String(event.active.id))}
      onDragOver={updateHint}
      onDragMove={updateHint}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActiveId(null);
        setHint(null);
      }}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            "To move this block, press Space. Use the arrow keys to move it, Space to drop it, Escape to cancel.",
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${describe(document, active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${describe(document, active.id)} is over ${describe(document, over.id)}.`
              : `${describe(document, active.id)} is no longer over a place to drop.`,
          onDragEnd: ({ active, over }) =>
            over
              ? `${describe(document, active.id)} was dropped at ${describe(document, over.id)}.`
              : `${describe(document, active.id)} was dropped in its place.`,
          onDragCancel: ({ active }) => `Moving ${describe(document, active.id)} was cancelled.`,
        },
      }}
    >
      <DragStateContext.Provider value={{ activeType: active?.type ?? null, hint }}>
        {children}
      </DragStateContext.Provider>
      <DragOverlay dropAnimation={{ duration: 150, easing: "ease-out" }}>
        {active ? <DraggedBlockCard type={active.type} summary={blockSummary(active)} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

function DraggedBlockCard({ type, summary }: { type: BlockType; summary: string }) {
  const { label, icon: Icon } = BLOCK_META[type];
  return (
    <div className="flex cursor-grabbing items-center gap-2.5 rounded-lg bg-white py-1.5 pr-3 pl-2 shadow-lg ring-1 ring-indigo-500/60">
      <span className="grid size-7 shrink-0 place-items-center rounded-md bg-indigo-50 text-indigo-600 ring-1 ring-indigo-200">
        <Icon aria-hidden className="size-3.5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[13px] leading-4 font-medium text-zinc-800">{label}</span>
        <span className="block truncate text-xs leading-4 text-zinc-500">{summary}</span>
      </span>
    </div>
  );
}

/** One list of sortable rows (the top level, or one column). */
export function SortableBlocks({ ids, children }: { ids: string[]; children: ReactNode }) {
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      {children}
    </SortableContext>
  );
}

export type RowDrag = {
  /** The grip: keyboard pick-up (Space), and the pointer handle on touch screens. */
  handle: ReactNode;
  /** The row itself: a pointer drag from anywhere on it. */
  onPointerDown: ((event: React.PointerEvent) => void) | undefined;
};

/** A sortable `<li>` for a block; its row gets the grip and pointer drag through `children(drag)`. */
export function SortableBlockItem({
  id,
  label,
  inColumn,
  children,
}: {
  id: string;
  /** The block's kind ("Heading"), for the grip's name. */
  label: string;
  inColumn: boolean;
  children: (drag: RowDrag) => ReactNode;
}) {
  const { activeType, hint } = useContext(DragStateContext);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id,
    // A dragged columns block can only land at the top level: column rows stand aside.
    disabled: inColumn && activeType === "columns",
  });
  const line = hint?.overId === id ? (hint.after ? "after" : "before") : null;
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      onKeyDown={listeners?.onKeyDown as React.KeyboardEventHandler | undefined}
      aria-label={`Drag to move ${label}`}
      title="Drag to move (or focus, press Space, then the arrow keys)"
      className="grid h-8 w-4 shrink-0 cursor-grab touch-none place-items-center rounded text-zinc-300 outline-none group-hover:text-zinc-500 focus-visible:text-zinc-700 focus-visible:ring-2 focus-visible:ring-indigo-500 active:cursor-grabbing"
    >
      <GripVertical aria-hidden className="size-3.5" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        "relative",
        isDragging && "z-10 opacity-40",
        line &&
          "before:absolute before:inset-x-1 before:h-0.5 before:rounded-full before:bg-indigo-500",
        line === "before" && "before:-top-px",
        line === "after" && "before:-bottom-px",
      )}
    >
      {children({
        handle,
        onPointerDown: listeners?.onPointerDown as RowDrag["onPointerDown"],
      })}
    </li>
  );
}

/** The space of one column: dropping here appends to it (the only way into an empty column). */
export function ColumnDropZone({
  parentId,
  column,
  children,
}: {
  parentId: string;
  column: number;
  children: ReactNode;
}) {
  const { activeType, hint } = useContext(DragStateContext);
  const id = columnDropId(parentId, column);
  const { setNodeRef } = useDroppable({ id, disabled: activeType === "columns" });
  return (
    <div
      ref={setNodeRef}
      className={cn(
        "rounded-md transition-shadow",
        hint?.zoneId === id && "bg-indigo-50/60 ring-1 ring-indigo-400",
      )}
    >
      {children}
    </div>
  );
}
