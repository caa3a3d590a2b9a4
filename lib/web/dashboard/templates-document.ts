import type { Block, BlocksDocument, BlockType, ColumnChildBlock } from "@/lib/templates/blocks";

/**
 * Pure operations of the dashboard's block editor. Every block (column children too) carries a
 * unique `id` while it is edited, so the editor addresses blocks by id rather than by position.
 */
export type AnyBlock = Block | ColumnChildBlock;
export type ChildType = ColumnChildBlock["type"];

/** Where a block sits: at the top level, or inside column `column` of the columns block `parentId`. */
export type BlockLocation = { parentId: string | null; column: number | null; index: number };

export type MakeId = () => string;

/** Gives every block an id, keeping ids that are present and unique. */
export function withBlockIds(document: BlocksDocument, makeId: MakeId): BlocksDocument {
  const seen = new Set<string>();
  const fresh = () => {
    let id = makeId();
    while (seen.has(id)) id = makeId();
    seen.add(id);
    return id;
  };
  const keep = <B extends AnyBlock>(block: B): B => {
    const id = block.id && !seen.has(block.id) ? block.id : fresh();
    seen.add(id);
    return { ...block, id };
  };
  return {
    ...document,
    blocks: document.blocks.map((block) => {
      const kept = keep(block);
      if (kept.type !== "columns") return kept;
      return {
        ...kept,
        columns: kept.columns.map((c) => ({ ...c, blocks: c.blocks.map(keep) })),
      };
    }),
  };
}

/** Sequential ids (`b1`, `b2`…): deterministic, so a server render and hydration agree. */
export function sequentialIds(prefix = "b"): MakeId {
  let n = 0;
  return () => `${prefix}${++n}`;
}

export function randomId(): string {
  return `b${Math.random().toString(36).slice(2, 10)}`;
}

export function findBlock(
  document: BlocksDocument,
  id: string,
): { block: AnyBlock; location: BlockLocation } | null {
  for (const [index, block] of document.blocks.entries()) {
    if (block.id === id) return { block, location: { parentId: null, column: null, index } };
    if (block.type !== "columns") continue;
    for (const [column, c] of block.columns.entries()) {
      const childIndex = c.blocks.findIndex((child) => child.id === id);
      if (childIndex >= 0) {
        return {
          block: c.blocks[childIndex]!,
          location: { parentId: block.id!, column, index: childIndex },
        };
      }
    }
  }
  return null;
}

/** Applies `edit` to the array that holds `location` (the top level or one column). */
function editSiblings(
  document: BlocksDocument,
  location: Pick<BlockLocation, "parentId" | "column">,
  edit: (siblings: AnyBlock[]) => AnyBlock[],
): BlocksDocument {
  if (location.parentId === null) {
    return { ...document, blocks: edit(document.blocks) as Block[] };
  }
  return {
    ...document,
    blocks: document.blocks.map((block) =>
      block.id === location.parentId && block.type === "columns"
        ? {
            ...block,
            columns: block.columns.map((c, i) =>
              i === location.column ? { ...c, blocks: edit(c.blocks) as ColumnChildBlock[] } : c,
            ),
          }
        : block,
    ),
  };
}

export function updateBlock(
  document: BlocksDocument,
  id: string,
  update: (block: AnyBlock) => AnyBlock,
): BlocksDocument {
  const found = findBlock(document, id);
  if (!found) return document;
  return editSiblings(document, found.location, (list) =>
    list.map((b) => (b.id === id ? update(b) : b)),
  );
}

/** Moves a block one place up (-1) or down (+1) among its siblings. */
export function moveBlock(document: BlocksDocument, id: string, delta: -1 | 1): BlocksDocument {
  const found = findBlock(document, id);
  if (!found) return document;
  return editSiblings(document, found.location, (list) => {
    const from = found.location.index;
    const to = from + delta;
    if (to < 0 || to >= list.length) return list;
    const next = [...list];
    [next[from], next[to]] = [next[to]!, next[from]!];
    return next;
  });
}

export function removeBlock(document: BlocksDocument, id: string): BlocksDocument {
  const found = findBlock(document, id);
  if (!found) return document;
  return editSiblings(document, found.location, (list) => list.filter((b) => b.id !== id));
}

/** A deep copy with fresh ids (a duplicated columns block gets new child ids too). */
export function cloneBlock<B extends AnyBlock>(block: B, makeId: MakeId): B {
  const copy = structuredClone(block);
  copy.id = makeId();
  if (copy.type === "columns") {
    for (const column of copy.columns) for (const child of column.blocks) child.id = makeId();
  }
  return copy;
}

/** Inserts a copy right after the original; returns the document and the copy's id. */
export function duplicateBlock(
  document: BlocksDocument,
  id: string,
  makeId: MakeId,
): { document: BlocksDocument; id: string | null } {
  const found = findBlock(document, id);
  if (!found) return { document, id: null };
  const copy = cloneBlock(found.block, makeId);
  const next = editSiblings(document, found.location, (list) => {
    const out = [...list];
    out.splice(found.location.index + 1, 0, copy);
    return out;
  });
  return { document: next, id: copy.id! };
}

export type InsertTarget = { after: string | null } | { parentId: string; column: number };

/**
 * Inserts a block after the block `after` (at the end when null or when it is not found), or
 * at the end of one column. A block inserted after a column child lands in that column, unless
 * it is a columns block (no nesting), which lands after the parent columns block.
 */
export function insertBlock(
  document: BlocksDocument,
  block: AnyBlock,
  target: InsertTarget,
): BlocksDocument {
  if ("parentId" in target) {
    if (block.type === "columns") return insertBlock(document, block, { after: target.parentId });
    return editSiblings(document, { parentId: target.parentId, column: target.column }, (list) => [
      ...list,
      block,
    ]);
  }
  const found = target.after ? findBlock(document, target.after) : null;
  if (!found) return { ...document, blocks: [...document.blocks, block as Block] };
  if (found.location.parentId !== null && block.type === "columns") {
    return insertBlock(document, block, { after: found.location.parentId });
  }
  return editSiblings(document, found.location, (list) => {
    const out = [...list];
    out.splice(found.location.index + 1, 0, block);
    return out;
  });
}

/** Sets the number of columns (2 or 3); a removed column's blocks move into the last one kept. */
export function setColumnCount(
  block: Extract<Block, { type: "columns" }>,
  count: 2 | 3,
): Extract<Block, { type: "columns" }> {
  const columns = block.columns.map((c) => ({ ...c, width: undefined }));
  if (count > columns.length) {
    while (columns.length < count) columns.push({ blocks: [], width: undefined });
  } else if (count < columns.length) {
    const moved = columns.splice(count).flatMap((c) => c.blocks);
    columns[count - 1] = {
      ...columns[count - 1]!,
      blocks: [...columns[count - 1]!.blocks, ...moved],
    };
  }
  return { ...block, columns: columns.map(({ blocks }) => ({ blocks })) };
}

export const BLOCK_TYPES: BlockType[] = [
  "heading",
  "text",
  "button",
  "image",
  "divider",
  "spacer",
  "columns",
];

/** A new block of a type, with content a marketer can edit right away. */
export function createBlock(type: BlockType, makeId: MakeId): AnyBlock {
  const id = makeId();
  switch (type) {
    case "heading":
      return { type, id, text: "A headline that says it all", level: 2 };
    case "text":
      return {
        type,
        id,
        text: 'Hi {{ name | "there" }},\nTell your reader what this email is about.',
      };
    case "button":
      return { type, id, label: "Get started", href: "https://example.com" };
    case "image":
      return { type, id, src: "", alt: "" };
    case "divider":
      return { type, id };
    case "spacer":
      return { type, id, height: 24 };
    case "columns":
      return {
        type,
        id,
        columns: [
          { blocks: [{ type: "text", id: makeId(), text: "Left column" }] },
          { blocks: [{ type: "text", id: makeId(), text: "Right column" }] },
        ],
      };
  }
}
