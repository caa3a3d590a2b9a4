import { describe, expect, it } from "vitest";
import { sequentialIds, withBlockIds } from "@/lib/web/dashboard/templates-document";
import {
  columnDropId,
  dropBlock,
  dropTargetFor,
  moveBlockTo,
  parseColumnDropId,
  resolveDrop,
} from "@/lib/web/dashboard/templates-reorder";
import { BlocksDocument, type BlocksDocument as Doc } from "@/lib/templates/blocks";

// b1 heading, b2 text, b3 columns [ [b4 text], [b5 button] ], b6 divider
const doc = (): Doc =>
  withBlockIds(
    {
      blocks: [
        { type: "heading", text: "Hi" },
        { type: "text", text: "Body" },
        {
          type: "columns",
          columns: [
            { blocks: [{ type: "text", text: "Left" }] },
            { blocks: [{ type: "button", label: "Go", href: "https://example.com" }] },
          ],
        },
        { type: "divider" },
      ],
    },
    sequentialIds(),
  );

const topIds = (d: Doc) => d.blocks.map((b) => b.id);
const columnIds = (d: Doc, parent = "b3") => {
  const block = d.blocks.find((b) => b.id === parent);
  return block?.type === "columns" ? block.columns.map((c) => c.blocks.map((b) => b.id)) : null;
};

describe("moveBlockTo", () => {
  it("moves a block down and up within the top level (index counted before removal)", () => {
    const down = moveBlockTo(doc(), "b1", { parentId: null, column: null, index: 3 });
    expect(topIds(down)).toEqual(["b2", "b3", "b1", "b6"]);
    const up = moveBlockTo(doc(), "b6", { parentId: null, column: null, index: 0 });
    expect(topIds(up)).toEqual(["b6", "b1", "b2", "b3"]);
    const last = moveBlockTo(doc(), "b1", { parentId: null, column: null, index: 4 });
    expect(topIds(last)).toEqual(["b2", "b3", "b6", "b1"]);
  });

  it("moves a top-level block into a column and a column child out to the top level", () => {
    const into = moveBlockTo(doc(), "b2", { parentId: "b3", column: 1, index: 0 });
    expect(topIds(into)).toEqual(["b1", "b3", "b6"]);
    expect(columnIds(into)).toEqual([["b4"], ["b2", "b5"]]);

    const out = moveBlockTo(doc(), "b4", { parentId: null, column: null, index: 0 });
    expect(topIds(out)).toEqual(["b4", "b1", "b2", "b3", "b6"]);
    expect(columnIds(out)).toEqual([[], ["b5"]]);
  });

  it("moves a child from one column to another", () => {
    const moved = moveBlockTo(doc(), "b5", { parentId: "b3", column: 0, index: 1 });
    expect(columnIds(moved)).toEqual([["b4", "b5"], []]);
    // What comes out is still a valid document.
    expect(BlocksDocument.safeParse(moved).success).toBe(true);
  });

  it("refuses to put a columns block into a column, and ignores unknown ids and places", () => {
    const original = doc();
    expect(moveBlockTo(original, "b3", { parentId: "b3", column: 0, index: 0 })).toBe(original);
    expect(moveBlockTo(original, "nope", { parentId: null, column: null, index: 0 })).toBe(
      original,
    );
    expect(moveBlockTo(original, "b1", { parentId: "b2", column: 0, index: 0 })).toBe(original);
    expect(moveBlockTo(original, "b1", { parentId: "b3", column: 5, index: 0 })).toBe(original);
  });

  it("does not change the original document", () => {
    const original = doc();
    const copy = structuredClone(original);
    moveBlockTo(original, "b4", { parentId: null, column: null, index: 0 });
    expect(original).toEqual(copy);
  });
});

describe("resolveDrop and dropBlock", () => {
  it("drops before or after a block, in its list", () => {
    expect(resolveDrop(doc(), "b1", { kind: "block", id: "b6", after: true })).toEqual({
      parentId: null,
      column: null,
      index: 4,
    });
    expect(topIds(dropBlock(doc(), "b6", { kind: "block", id: "b2", after: false }))).toEqual([
      "b1",
      "b6",
      "b2",
      "b3",
    ]);
    const intoColumn = dropBlock(doc(), "b1", { kind: "block", id: "b4", after: true });
    expect(columnIds(intoColumn)).toEqual([["b4", "b1"], ["b5"]]);
  });

  it("appends to a column dropped on its own zone", () => {
    const moved = dropBlock(doc(), "b6", { kind: "column", parentId: "b3", column: 1 });
    expect(columnIds(moved)).toEqual([["b4"], ["b5", "b6"]]);
    expect(resolveDrop(doc(), "b6", { kind: "column", parentId: "b1", column: 0 })).toBeNull();
  });

  it("answers null for drops that change nothing or are not allowed", () => {
    const d = doc();
    expect(resolveDrop(d, "b2", { kind: "block", id: "b2", after: false })).toBeNull();
    // Right before or right after itself: the same place.
    expect(resolveDrop(d, "b2", { kind: "block", id: "b3", after: false })).toBeNull();
    expect(resolveDrop(d, "b2", { kind: "block", id: "b1", after: true })).toBeNull();
    // A columns block never goes into a column (its own or another's).
    expect(resolveDrop(d, "b3", { kind: "block", id: "b4", after: false })).toBeNull();
    expect(resolveDrop(d, "b3", { kind: "column", parentId: "b3", column: 1 })).toBeNull();
    expect(resolveDrop(d, "missing", { kind: "block", id: "b1", after: false })).toBeNull();
    expect(dropBlock(d, "b3", { kind: "block", id: "b4", after: false })).toBe(d);
  });
});

describe("dropTargetFor", () => {
  it("takes the place of the row it is over within one list (sortable order)", () => {
    expect(dropTargetFor(doc(), "b1", "b3", false)).toEqual({
      kind: "block",
      id: "b3",
      after: true,
    });
    expect(dropTargetFor(doc(), "b6", "b2", true)).toEqual({
      kind: "block",
      id: "b2",
      after: false,
    });
    expect(topIds(dropBlock(doc(), "b1", dropTargetFor(doc(), "b1", "b3", false)!))).toEqual([
      "b2",
      "b3",
      "b1",
      "b6",
    ]);
  });

  it("uses the pointer's half of the row across lists, and column zones as such", () => {
    expect(dropTargetFor(doc(), "b1", "b4", true)).toEqual({
      kind: "block",
      id: "b4",
      after: true,
    });
    expect(dropTargetFor(doc(), "b1", "b4", false)).toEqual({
      kind: "block",
      id: "b4",
      after: false,
    });
    expect(dropTargetFor(doc(), "b1", columnDropId("b3", 1), false)).toEqual({
      kind: "column",
      parentId: "b3",
      column: 1,
    });
    expect(dropTargetFor(doc(), "b1", "gone", false)).toBeNull();
  });

  it("round-trips column drop ids", () => {
    expect(parseColumnDropId(columnDropId("b_x:1", 2))).toEqual({ parentId: "b_x:1", column: 2 });
    expect(parseColumnDropId("b3")).toBeNull();
  });
});
