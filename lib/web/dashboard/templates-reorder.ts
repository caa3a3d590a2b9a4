import type { Block, BlocksDocument, ColumnChildBlock } from "@/lib/templates/blocks";
import { findBlock, type AnyBlock, type BlockLocation } from "./templates-document";

/**
 * Drag-and-drop moves of the block editor, as pure functions on the document: a block moves to
 * any place in the top-level list or in a column, except that a columns block never goes into a
 * column (the format has no nesting).
 */

/** A place in a list of blocks: the top level (`parentId` null) or one column of a columns block. */
export type BlockSlot = Omit<BlockLocation, "index"> & { index: number };

/** What a dragged block was dropped on: a block (before or after it) or a column's empty space. */
export type DropTarget =
  | { kind: "block"; id: string; after: boolean }
  | { kind: "column"; parentId: string; column: number };

/** Drop ids of the columns' own drop zones (`column:<columns block id>:<index>`). */
export function columnDropId(parentId: string, column: number): string {
  return `column:${parentId}:${column}`;
}

export function parseColumnDropId(id: string): { parentId: string; column: number } | null {
  const match = /^column:(.+):(\d+)$/.exec(id);
  return match ? { parentId: match[1]!, column: Number(match[2]) } : null;
}

function siblingsAt(document: BlocksDocument, slot: Omit<BlockSlot, "index">): AnyBlock[] | null {
  if (slot.parentId === null) return document.blocks;
  const parent = document.blocks.find((b) => b.id === slot.parentId);
  if (parent?.type !== "columns" || slot.column === null) return null;
  return parent.columns[slot.column]?.blocks ?? null;
}

/**
 * Where a drop puts the dragged block, as an index in the destination list before the block is
 * taken out of its old place; null when the drop is not allowed or changes nothing.
 */
export function resolveDrop(
  document: BlocksDocument,
  activeId: string,
  target: DropTarget,
): BlockSlot | null {
  const active = findBlock(document, activeId);
  if (!active) return null;
  let slot: BlockSlot;
  if (target.kind === "column") {
    const list = siblingsAt(document, { parentId: target.parentId, column: target.column });
    if (!list) return null;
    slot = { parentId: target.parentId, column: target.column, index: list.length };
  } else {
    if (target.id === activeId) return null;
    const over = findBlock(document, target.id);
    if (!over) return null;
    slot = { ...over.location, index: over.location.index + (target.after ? 1 : 0) };
  }
  // No nesting: a columns block stays at the top level (which also keeps it out of itself).
  if (active.block.type === "columns" && slot.parentId !== null) return null;
  const from = active.location;
  const sameList = from.parentId === slot.parentId && from.column === slot.column;
  if (sameList && (slot.index === from.index || slot.index === from.index + 1)) return null;
  return slot;
}

/** Moves a block to `slot` (an index counted before the block leaves its old place). */
export function moveBlockTo(document: BlocksDocument, id: string, slot: BlockSlot): BlocksDocument {
  const found = findBlock(document, id);
  if (!found) return document;
  if (found.block.type === "columns" && slot.parentId !== null) return document;
  const from = found.location;
  const sameList = from.parentId === slot.parentId && from.column === slot.column;
  // Taking the block out shifts the later places of its own list up by one.
  const index = sameList && slot.index > from.index ? slot.index - 1 : slot.index;

  const mapList = (slotOf: Omit<BlockSlot, "index">, list: AnyBlock[]): AnyBlock[] => {
    let next = list;
    if (slotOf.parentId === from.parentId && slotOf.column === from.column) {
      next = next.filter((b) => b.id !== id);
    }
    if (slotOf.parentId === slot.parentId && slotOf.column === slot.column) {
      next = [...next];
      next.splice(Math.max(0, Math.min(index, next.length)), 0, found.block);
    }
    return next;
  };

  if (siblingsAt(document, slot) === null) return document;
  return {
    ...document,
    blocks: mapList({ parentId: null, column: null }, document.blocks).map((block) =>
      block.type === "columns"
        ? {
            ...block,
            columns: block.columns.map((column, c) => ({
              ...column,
              blocks: mapList(
                { parentId: block.id!, column: c },
                column.blocks,
              ) as ColumnChildBlock[],
            })),
          }
        : block,
    ) as Block[],
  };
}

/** Applies a drop; the same document when the drop is refused or a no-op. */
export function dropBlock(
  document: BlocksDocument,
  activeId: string,
  target: DropTarget,
): BlocksDocument {
  const slot = resolveDrop(document, activeId, target);
  return slot ? moveBlockTo(document, activeId, slot) : document;
}

/**
 * The drop target for a drag that ends over `overId` (a block id or a column drop id). Within
 * one list the sortable list has already shifted its rows, so the block takes the place of the
 * row it is over (after it when moving down); across lists the pointer's half of the row decides.
 */
export function dropTargetFor(
  document: BlocksDocument,
  activeId: string,
  overId: string,
  belowCenter: boolean,
): DropTarget | null {
  const column = parseColumnDropId(overId);
  if (column) return { kind: "column", ...column };
  const active = findBlock(document, activeId);
  const over = findBlock(document, overId);
  if (!active || !over) return null;
  const a = active.location;
  const o = over.location;
  const sameList = a.parentId === o.parentId && a.column === o.column;
  return { kind: "block", id: overId, after: sameList ? a.index < o.index : belowCenter };
}
