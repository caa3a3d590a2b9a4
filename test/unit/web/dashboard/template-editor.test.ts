import { describe, expect, it } from "vitest";
import { blocksToHtmlSource } from "@/lib/web/dashboard/templates-convert";
import {
  createBlock,
  duplicateBlock,
  findBlock,
  insertBlock,
  moveBlock,
  removeBlock,
  sequentialIds,
  setColumnCount,
  withBlockIds,
} from "@/lib/web/dashboard/templates-document";
import {
  placeIssues,
  previewableDocument,
  scriptWarnings,
  validateDocument,
} from "@/lib/web/dashboard/templates-issues";
import { samplesToVariables } from "@/lib/web/dashboard/templates-variables";
import { BlocksDocument, type BlocksDocument as Doc } from "@/lib/templates/blocks";
import { renderTemplate } from "@/lib/templates/render";

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

const ids = (d: Doc) => d.blocks.map((b) => b.id);

describe("block ids", () => {
  it("gives every block, column children too, a unique id and keeps existing ones", () => {
    const d = withBlockIds(
      {
        blocks: [
          { type: "divider", id: "keep" },
          { type: "divider", id: "keep" },
          doc().blocks[2]!,
        ],
      },
      sequentialIds("x"),
    );
    const all = [
      ...d.blocks.map((b) => b.id),
      ...(d.blocks[2]!.type === "columns"
        ? d.blocks[2]!.columns.flatMap((c) => c.blocks.map((b) => b.id))
        : []),
    ];
    expect(all[0]).toBe("keep");
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("block operations", () => {
  it("moves a block among its siblings and ignores moves past either end", () => {
    const d = doc();
    expect(ids(moveBlock(d, "b2", -1))).toEqual(["b2", "b1", "b3", "b6"]);
    expect(ids(moveBlock(d, "b1", -1))).toEqual(ids(d));
    expect(ids(moveBlock(d, "b6", 1))).toEqual(ids(d));
  });

  it("moves a column child only inside its column", () => {
    const d = insertBlock(
      doc(),
      createBlock("text", () => "new"),
      { parentId: "b3", column: 0 },
    );
    const moved = moveBlock(d, "new", -1);
    expect(findBlock(moved, "new")?.location).toEqual({ parentId: "b3", column: 0, index: 0 });
  });

  it("duplicates a columns block with fresh ids for it and its children", () => {
    const { document, id } = duplicateBlock(doc(), "b3", sequentialIds("copy"));
    expect(id).toBe("copy1");
    expect(ids(document)).toEqual(["b1", "b2", "b3", "copy1", "b6"]);
    const copy = document.blocks[3]!;
    expect(copy.type === "columns" && copy.columns[1]!.blocks[0]!.id).toBe("copy3");
  });

  it("inserts after the selected block, at the end without one, never nests columns", () => {
    const d = doc();
    expect(ids(insertBlock(d, { type: "divider", id: "n" }, { after: "b1" }))[1]).toBe("n");
    expect(ids(insertBlock(d, { type: "divider", id: "n" }, { after: null })).at(-1)).toBe("n");
    const columns = createBlock("columns", sequentialIds("c"));
    const afterChild = insertBlock(d, columns, { after: "b4" });
    expect(ids(afterChild)).toEqual(["b1", "b2", "b3", "c1", "b6"]);
  });

  it("removes a column child", () => {
    const d = removeBlock(doc(), "b5");
    expect(findBlock(d, "b5")).toBeNull();
    expect(d.blocks).toHaveLength(4);
  });

  it("keeps the content of removed columns when going from 3 to 2", () => {
    const three = setColumnCount(
      doc().blocks[2] as Extract<Doc["blocks"][number], { type: "columns" }>,
      3,
    );
    expect(three.columns).toHaveLength(3);
    const withContent = {
      ...three,
      columns: three.columns.map((c, i) =>
        i === 2 ? { blocks: [{ type: "divider" as const, id: "moved" }] } : c,
      ),
    };
    const two = setColumnCount(withContent, 2);
    expect(two.columns).toHaveLength(2);
    expect(two.columns[1]!.blocks.map((b) => b.id)).toEqual(["b5", "moved"]);
  });

  it("creates blocks of every type that pass the server's schema (images need a URL)", () => {
    for (const type of ["heading", "text", "button", "divider", "spacer", "columns"] as const) {
      const block = createBlock(type, sequentialIds());
      expect(BlocksDocument.safeParse({ blocks: [block] }).success).toBe(true);
    }
  });
});

describe("placing validation problems", () => {
  it("puts server details on the block field they name, column children included", () => {
    const issues = placeIssues(doc(), [
      { path: "name", message: "must not be empty" },
      { path: "source.blocks.1.text", message: 'link "javascript:x" must be an http(s) URL' },
      { path: "source.blocks.2.columns.1.blocks.0.href", message: "must be an http(s) URL" },
      { path: "source.blocks.2.columns", message: "column widths must add up to at most 100" },
      { path: "source.theme.brandColor", message: "must be a hex color like #4f46e5" },
      { path: "source", message: "must be valid JSON" },
    ]);
    expect(issues.header).toEqual({ name: "Must not be empty." });
    expect(issues.blocks.b2).toEqual({ text: 'Link "javascript:x" must be an http(s) URL.' });
    expect(issues.blocks.b5).toEqual({ href: "Must be an http(s) URL." });
    expect(issues.blocks.b3).toEqual({ columns: "Column widths must add up to at most 100." });
    expect(issues.theme).toEqual({ brandColor: "Must be a hex color like #4f46e5." });
    expect(issues.general).toEqual(["source: must be valid JSON"]);
  });

  it("finds the same problems on the client as the server's schema", () => {
    const d = doc();
    const bad = {
      ...d,
      blocks: d.blocks.map((b) => (b.type === "heading" ? { ...b, color: "red" } : b)),
    };
    const details = validateDocument(bad);
    expect(details.map((x) => x.path)).toEqual(["source.blocks.0.color"]);
    expect(placeIssues(bad, details).blocks.b1?.color).toMatch(/hex color/);
  });

  it("previews only the valid blocks and theme colors", () => {
    const d = doc();
    const broken: Doc = {
      theme: { brandColor: "#123456", textColor: "nope" },
      blocks: [
        ...d.blocks,
        { type: "image", id: "img", src: "" },
        {
          type: "columns",
          id: "cols",
          columns: [
            { blocks: [{ type: "button", id: "bad", label: "x", href: "javascript:1" }] },
            { blocks: [] },
          ],
        },
      ],
    };
    const shown = previewableDocument(broken);
    expect(shown.theme).toEqual({ brandColor: "#123456" });
    expect(shown.blocks.map((b) => b.id)).toEqual(["b1", "b2", "b3", "b6", "cols"]);
    const cols = shown.blocks[4]!;
    expect(cols.type === "columns" && cols.columns[0]!.blocks).toEqual([]);
  });
});

describe("sample values", () => {
  it("nests dotted names and leaves empty values out so fallbacks show", () => {
    expect(
      samplesToVariables({ name: "Ada", "data.plan": "pro", "data.seats": "", email: "" }),
    ).toEqual({
      name: "Ada",
      data: { plan: "pro" },
    });
  });
});

describe("converting blocks to HTML", () => {
  it("keeps every placeholder as written, in text, links and image sources", async () => {
    const html = await blocksToHtmlSource({
      blocks: [
        { type: "heading", text: 'Hi {{ name | "there" }}' },
        { type: "text", text: "See [your plan]({{data.plan_url}}) or **{{data.plan}}**" },
        { type: "image", src: "{{data.logo_url}}", alt: "Logo" },
        { type: "button", label: "Open", href: "https://example.com/?u={{id}}" },
      ],
    });
    expect(html).toContain('Hi {{ name | "there" }}');
    expect(html).toContain('href="{{data.plan_url}}"');
    expect(html).toContain("<strong");
    expect(html).toContain("{{data.plan}}");
    expect(html).toContain('src="{{data.logo_url}}"');
    expect(html).toContain("https://example.com/?u={{id}}");
    expect(html).not.toContain("mwvar");
    // Rendered as an html template, the variables fill in like they did in the blocks.
    const sent = await renderTemplate(
      { format: "html", subject: "s", source: html },
      { name: "Ada", data: { plan: "Pro", plan_url: "https://x.test/p" }, id: "7" },
    );
    expect(sent.html).toContain("Hi Ada");
    expect(sent.html).toContain('href="https://x.test/p"');
    expect(sent.html).toContain("https://example.com/?u=7");
  });
});

describe("scriptWarnings (issue 21: an HTML template with <script> saved with no warning)", () => {
  it("warns once per kind, with the lines, before save", () => {
    const html = [
      "<h1>Hi</h1>",
      "<script>track()</script>",
      '<p onclick="x()">a</p>',
      '<img src="https://x.example/a.png" onerror="y()">',
      '<a href="javascript:void(0)">b</a>',
      "<script src=a.js></script>",
    ].join("\n");
    expect(scriptWarnings(html)).toEqual([
      "<script> (lines 2, 6): email clients remove scripts, so this won't run. Mailwright takes it out of every email it sends.",
      "onclick, onerror (lines 3, 4): email clients ignore event handlers, so this won't run. Mailwright takes it out of every email it sends.",
      "javascript: link (line 5): email clients block these links. Mailwright takes it out of every email it sends; link to an https:// address instead.",
    ]);
  });

  it("has nothing to say about ordinary email HTML", () => {
    expect(
      scriptWarnings('<!-- <script> --><a href="https://example.com" title="<script>">x</a>'),
    ).toEqual([]);
  });
});
