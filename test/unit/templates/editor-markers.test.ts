import { describe, expect, it } from "vitest";
import { blocksToHtmlSource } from "@/lib/web/dashboard/templates-convert";
import { sequentialIds, withBlockIds } from "@/lib/web/dashboard/templates-document";
import { serializeBlocks, type BlocksDocument } from "@/lib/templates/blocks";
import { compileTemplate } from "@/lib/templates/compiled";
import { BLOCK_MARKER_ATTRIBUTE, blockMarker } from "@/lib/templates/editor-markers";
import { renderTemplate } from "@/lib/templates/render";

// Every block type, a column child of each column, ids as the editor keeps them (b1…b9).
const document: BlocksDocument = withBlockIds(
  {
    blocks: [
      { type: "heading", text: "Hello {{name}}" },
      { type: "text", text: "Read **this** and [that](https://example.com)." },
      { type: "button", label: "Go", href: "https://example.com/go" },
      { type: "image", src: "https://img.example.com/a.png", alt: "A" },
      { type: "divider" },
      { type: "spacer", height: 12 },
      {
        type: "columns",
        columns: [
          { blocks: [{ type: "text", text: "Left" }] },
          { blocks: [{ type: "button", label: "Right", href: "https://example.com/r" }] },
        ],
      },
    ],
  },
  sequentialIds(),
);
const template = { subject: "Hi", format: "blocks" as const, source: serializeBlocks(document) };
const ALL_IDS = ["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"];
const markerPattern = new RegExp(` ${BLOCK_MARKER_ATTRIBUTE}="[^"]*"`, "g");

describe("editor block marks", () => {
  it("mark every block once, column children too, when the editor preview asks", async () => {
    const { html } = await renderTemplate(template, { name: "Ada" }, { markBlocks: true });
    const marked = [...html.matchAll(markerPattern)].map((m) => m[0].split('"')[1]);
    expect(marked).toEqual(ALL_IDS);
    // A column child sits inside its columns block's marked element.
    const columns = html.indexOf(`${BLOCK_MARKER_ATTRIBUTE}="b7"`);
    expect(html.indexOf(`${BLOCK_MARKER_ATTRIBUTE}="b8"`)).toBeGreaterThan(columns);
  });

  it("change nothing else: the marked preview is the sent HTML plus the attributes", async () => {
    const sent = await renderTemplate(template, { name: "Ada" });
    const preview = await renderTemplate(template, { name: "Ada" }, { markBlocks: true });
    expect(preview.html.replace(markerPattern, "")).toBe(sent.html);
    expect(preview.text).toBe(sent.text);
  });

  it("are never in what is sent: direct renders, compiled campaign renders, HTML conversion", async () => {
    const sent = await renderTemplate(template, { name: "Ada" });
    expect(sent.html).not.toContain(BLOCK_MARKER_ATTRIBUTE);
    const compiled = await compileTemplate(template);
    expect(JSON.stringify(compiled)).not.toContain(BLOCK_MARKER_ATTRIBUTE);
    expect(await blocksToHtmlSource(document)).not.toContain(BLOCK_MARKER_ATTRIBUTE);
  });

  it("skip blocks without an id and anything when marks are off", () => {
    expect(blockMarker({ id: "b1" }, true)).toEqual({ [BLOCK_MARKER_ATTRIBUTE]: "b1" });
    expect(blockMarker({}, true)).toEqual({});
    expect(blockMarker({ id: "b1" }, false)).toEqual({});
    expect(blockMarker({ id: "b1" }, undefined)).toEqual({});
  });
});
