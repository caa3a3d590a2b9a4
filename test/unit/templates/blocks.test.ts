import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/core/errors";
import { parseBlocksSource } from "@/lib/templates/blocks";
import { TEMPLATE_CATEGORIES, isTemplateCategory } from "@/lib/templates/categories";
import { parseInline } from "@/lib/templates/inline";
import { isAllowedTemplateUrl, safeUrl } from "@/lib/templates/urls";

function detailsOf(source: string) {
  try {
    parseBlocksSource(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).details ?? [];
  }
  throw new Error("expected a ValidationError");
}
const doc = (...blocks: unknown[]) => JSON.stringify({ blocks });

describe("blocks documents", () => {
  it("accepts every block type, columns and a theme", () => {
    const parsed = parseBlocksSource(
      JSON.stringify({
        theme: { brandColor: "#ff0000", backgroundColor: "#fff" },
        blocks: [
          { type: "heading", text: "Hi {{name}}", level: 2, align: "center" },
          { type: "text", text: "**Bold** and [a link](https://x.test/{{data.id}})\nnext" },
          { type: "button", label: "Go", href: "{{ data.url }}", color: "#000000" },
          {
            type: "image",
            src: "https://cdn.x.test/a.png",
            alt: "A",
            width: 300,
            href: "https://x.test",
          },
          { type: "divider" },
          { type: "spacer", height: 32 },
          {
            type: "columns",
            columns: [
              { width: 70, blocks: [{ type: "text", text: "L" }] },
              { blocks: [{ type: "button", label: "R", href: "mailto:hi@x.test" }] },
            ],
          },
        ],
      }),
    );
    expect(parsed.blocks).toHaveLength(7);
    expect(parsed.theme?.brandColor).toBe("#ff0000");
  });

  it("rejects invalid JSON and non-documents at `source`", () => {
    expect(detailsOf("{nope")).toEqual([
      { path: "source", message: expect.stringContaining("valid JSON") },
    ]);
    expect(detailsOf("[]")[0]!.path).toBe("source");
    expect(detailsOf("{}")[0]!.path).toBe("source.blocks");
    expect(detailsOf('{"blocks":{}}')[0]!.path).toBe("source.blocks");
  });

  it("points into the offending block", () => {
    const details = detailsOf(
      doc(
        { type: "text", text: "ok" },
        { type: "heading", text: "x", level: 4 },
        { type: "button", label: "Go", href: "javascript:alert(1)" },
        { type: "video" },
        { type: "image", src: "data:image/png;base64,AAA" },
        { type: "spacer", height: "big" },
        { type: "divider", color: "red;x:y" },
      ),
    );
    expect(details.map((d) => d.path)).toEqual([
      "source.blocks.1.level",
      "source.blocks.2.href",
      "source.blocks.3.type",
      "source.blocks.4.src",
      "source.blocks.5.height",
      "source.blocks.6.color",
    ]);
    expect(details[1]!.message).toMatch(/http/);
    expect(details[2]!.message).toMatch(/heading, text, button/);
  });

  it("rejects javascript: links inside text markup", () => {
    const [detail] = detailsOf(doc({ type: "text", text: "see [here](javascript:alert(1))" }));
    expect(detail!.path).toBe("source.blocks.0.text");
  });

  it("allows 2-3 columns, no nesting, widths within 100", () => {
    const col = { blocks: [{ type: "text", text: "x" }] };
    expect(detailsOf(doc({ type: "columns", columns: [col] }))[0]!.path).toBe(
      "source.blocks.0.columns",
    );
    expect(detailsOf(doc({ type: "columns", columns: [col, col, col, col] }))[0]!.path).toBe(
      "source.blocks.0.columns",
    );
    const nested = { blocks: [{ type: "columns", columns: [col, col] }] };
    expect(detailsOf(doc({ type: "columns", columns: [nested, col] }))[0]!.path).toBe(
      "source.blocks.0.columns.0.blocks.0.type",
    );
    expect(
      detailsOf(
        doc({
          type: "columns",
          columns: [
            { ...col, width: 80 },
            { ...col, width: 30 },
          ],
        }),
      )[0]!.path,
    ).toBe("source.blocks.0.columns");
  });
});

describe("urls", () => {
  it("allows http(s), mailto/tel for links and leading variables", () => {
    expect(isAllowedTemplateUrl("https://x.test/a?b={{data.c}}", "link")).toBe(true);
    expect(isAllowedTemplateUrl("{{ data.url }}", "link")).toBe(true);
    expect(isAllowedTemplateUrl("mailto:a@x.test", "link")).toBe(true);
    expect(isAllowedTemplateUrl("mailto:a@x.test", "image")).toBe(false);
    expect(isAllowedTemplateUrl("javascript:alert(1)", "link")).toBe(false);
    expect(isAllowedTemplateUrl("/relative", "link")).toBe(false);
    expect(isAllowedTemplateUrl("", "link")).toBe(false);
  });

  it("re-checks filled-in URLs at render time", () => {
    expect(safeUrl(" https://x.test ", "link")).toBe("https://x.test");
    expect(safeUrl("JavaScript:alert(1)", "link")).toBeUndefined();
    expect(safeUrl("", "image")).toBeUndefined();
  });
});

describe("inline markup", () => {
  it("parses bold, links and line breaks, keeping placeholders whole", () => {
    expect(
      parseInline('Hi **{{ name | "**" }}**\n[Docs](https://x.test/{{ data.p }}) end'),
    ).toEqual([
      { kind: "text", text: "Hi " },
      { kind: "bold", children: [{ kind: "text", text: '{{ name | "**" }}' }] },
      { kind: "break" },
      { kind: "link", label: "Docs", href: "https://x.test/{{ data.p }}" },
      { kind: "text", text: " end" },
    ]);
    expect(parseInline("2 ** 3 and [not a link]")).toEqual([
      { kind: "text", text: "2 ** 3 and [not a link]" },
    ]);
  });
});

describe("categories", () => {
  it("lists the DECISIONS categories with General first", () => {
    expect(TEMPLATE_CATEGORIES[0]).toBe("General");
    expect(TEMPLATE_CATEGORIES).toContain("Re-engagement");
    expect(isTemplateCategory("Onboarding")).toBe(true);
    expect(isTemplateCategory("onboarding")).toBe(false);
  });
});
