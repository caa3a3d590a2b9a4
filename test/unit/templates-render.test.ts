import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { parseBlocksSource, serializeBlocks } from "@/lib/templates/blocks";
import { TEMPLATE_CATEGORIES } from "@/lib/templates/categories";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { renderTemplate } from "@/lib/templates/render";

const blocks = (...list: unknown[]) =>
  JSON.stringify({ blocks: list, theme: { brandColor: "#123456" } });

describe("renderTemplate (blocks)", () => {
  const source = blocks(
    { type: "heading", text: 'Welcome, {{ name | "there" }}' },
    {
      type: "text",
      text: "Your plan: **{{ data.plan }}**.\nSee [your account](https://app.x.test/u/{{ data.id }}).",
    },
    {
      type: "button",
      label: "Open {{ data.product }}",
      href: "https://app.x.test/start?u={{ data.id }}",
    },
    { type: "button", label: "Evil", href: "{{ data.url }}" },
    { type: "image", src: "{{ data.missing_image }}", alt: "never shown" },
    {
      type: "columns",
      columns: [
        { blocks: [{ type: "text", text: "Left cell" }] },
        { blocks: [{ type: "text", text: "Right cell" }] },
      ],
    },
  );
  const variables = {
    name: `<b>Ada</b> & "Co"`,
    data: { plan: "Pro", id: 42, product: "Dashboard", url: "javascript:alert(1)" },
  };

  it("renders the subject raw, the HTML escaped and a plain-text version", async () => {
    const out = await renderTemplate(
      { subject: "Hi {{name}}\r\nBcc: x", source, format: "blocks" },
      variables,
    );
    expect(out.subject).toBe(`Hi <b>Ada</b> & "Co" Bcc: x`);
    expect(out.html).toMatch(/^<!DOCTYPE html/);
    expect(out.html).toContain("Welcome, &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Co&quot;");
    expect(out.html).not.toContain("<b>Ada</b>");
    expect(out.html).toContain('href="https://app.x.test/start?u=42"');
    expect(out.html).toContain('href="https://app.x.test/u/42"');
    expect(out.html).toContain("<strong");
    expect(out.html).toContain("#123456");
    expect(out.html).toContain("max-width:600px");
    expect(out.html).not.toContain("javascript:");
    expect(out.html).not.toContain("never shown");
    expect(out.text).toContain(`Welcome, <b>Ada</b> & "Co"`);
    expect(out.text).toContain("Your plan: Pro.\nSee your account https://app.x.test/u/42.");
    expect(out.text).toContain("Open Dashboard https://app.x.test/start?u=42");
    expect(out.text).toContain("Left cell");
    expect(out.text).not.toMatch(/<(p|td|table|a)[\s>]/);
  });

  it("uses fallbacks and keeps variable values literal inside markup", async () => {
    const out = await renderTemplate(
      {
        subject: "x",
        source: blocks({ type: "text", text: "Hi **{{ name }}**" }),
        format: "blocks",
      },
      { name: "[click](https://evil.test)" },
    );
    expect(out.html).not.toContain('href="https://evil.test"');
    expect(out.text).toContain("Hi [click](https://evil.test)");
    const fallback = await renderTemplate({
      subject: '{{ name | "Friend" }}',
      source: blocks(),
      format: "blocks",
    });
    expect(fallback.subject).toBe("Friend");
  });

  it("adds a hidden preview line when asked", async () => {
    const out = await renderTemplate(
      { subject: "x", source: blocks({ type: "text", text: "Body" }), format: "blocks" },
      { name: "Ada" },
      { previewText: "Hello {{ name }}" },
    );
    expect(out.html).toContain("Hello Ada");
    expect(out.text).not.toContain("Hello Ada");
  });

  it("throws a ValidationError for an invalid blocks source", async () => {
    await expect(
      renderTemplate({ subject: "x", source: "nope", format: "blocks" }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe("renderTemplate (html)", () => {
  it("substitutes with HTML escaping and derives the text", async () => {
    const out = await renderTemplate(
      {
        subject: "Hi {{ name }}",
        source: "<html><body><h1>Hi {{ name }}</h1><p>{{ data.x | 'none' }}</p></body></html>",
        format: "html",
      },
      { name: "<i>Ada</i>" },
      { previewText: "Preview" },
    );
    expect(out.subject).toBe("Hi <i>Ada</i>");
    expect(out.html).toContain("<h1>Hi &lt;i&gt;Ada&lt;/i&gt;</h1><p>none</p>");
    expect(out.html).toMatch(
      /<body><div style="display:none[^"]*" data-skip-in-text="true">Preview<\/div>/,
    );
    expect(out.text).toContain("Hi <i>Ada</i>");
    expect(out.text).not.toContain("Preview");
  });
});

describe("system gallery", () => {
  it("has at least 8 templates with unique stable ids across the categories", () => {
    expect(SYSTEM_TEMPLATES.length).toBeGreaterThanOrEqual(8);
    const ids = SYSTEM_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^tpl_system_[a-z_]+$/);
    expect(new Set(SYSTEM_TEMPLATES.map((t) => t.category))).toEqual(new Set(TEMPLATE_CATEGORIES));
  });

  it.each(SYSTEM_TEMPLATES.map((t) => [t.id, t] as const))(
    "%s validates and renders",
    async (_id, template) => {
      const source = serializeBlocks({ blocks: template.blocks, theme: template.theme });
      expect(() => parseBlocksSource(source)).not.toThrow();
      const out = await renderTemplate(
        { subject: template.subject, source, format: "blocks" },
        { name: "Ada" },
      );
      expect(out.subject).not.toMatch(/\{\{|\}\}/);
      expect(out.html).not.toMatch(/\{\{|\}\}/);
      expect(out.text.length).toBeGreaterThan(100);
      expect(out.text).not.toMatch(/lorem ipsum/i);
      expect(
        listTemplateVariables({ subject: template.subject, source, format: "blocks" }).length,
      ).toBeGreaterThan(0);
    },
  );
});

describe("listTemplateVariables", () => {
  it("collects subject and block variables, or scans raw text when the source is broken", () => {
    expect(
      listTemplateVariables({
        subject: "Hi {{ name }}",
        source: blocks({ type: "button", label: "{{ data.cta | 'Go' }}", href: "{{ data.url }}" }),
        format: "blocks",
      }),
    ).toEqual([{ name: "name" }, { name: "data.cta", fallback: "Go" }, { name: "data.url" }]);
    expect(
      listTemplateVariables({ subject: "", source: "{{ a }} <p>{{b}}</p>", format: "html" }),
    ).toEqual([{ name: "a" }, { name: "b" }]);
    expect(
      listTemplateVariables({ subject: "", source: '{"blocks": [{{ c }}', format: "blocks" }),
    ).toEqual([{ name: "c" }]);
  });
});
