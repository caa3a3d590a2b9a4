import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/core/errors";
import { parseBlocksSource, serializeBlocks } from "@/lib/templates/blocks";
import { TEMPLATE_CATEGORIES } from "@/lib/templates/categories";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { contrastRatio } from "@/lib/templates/dark-mode";
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

describe("renderTemplate (blocks): document, layout and dark mode", () => {
  const template = (subject: string, ...list: unknown[]) =>
    ({ subject, source: blocks(...list), format: "blocks" }) as const;

  it("titles the document with the rendered subject, or the title given, and sets lang", async () => {
    const plain = await renderTemplate(
      template('Hi {{ name }} <3 "you"', { type: "text", text: "x" }),
      {
        name: "Ada & Co",
      },
    );
    expect(plain.html).toContain("<title>Hi Ada &amp; Co &lt;3 &quot;you&quot;</title>");
    expect(plain.html).toMatch(/<html[^>]* lang="en"/);
    expect(plain.text).not.toContain("Hi Ada");
    const given = await renderTemplate(
      template("Subject", { type: "text", text: "x" }),
      { project_name: "Acme" },
      { title: "{{ project_name }} news", lang: "de" },
    );
    expect(given.html).toContain("<title>Acme news</title>");
    expect(given.html).toMatch(/<html[^>]* lang="de"/);
  });

  it("keeps a hand-written HTML template's own <html> and <title>", async () => {
    const source = '<html lang="fr"><head><title>Mine</title></head><body>Hi</body></html>';
    const out = await renderTemplate(
      { subject: "S", source, format: "html" },
      {},
      { title: "T", lang: "de" },
    );
    expect(out.html).toBe(source);
  });

  it("stacks columns only on phones, and never the ones marked stack: false", async () => {
    const column = { blocks: [{ type: "text", text: "cell" }] };
    const out = await renderTemplate(
      template(
        "S",
        { type: "columns", columns: [column, column, column] },
        { type: "columns", stack: false, columns: [column, column] },
      ),
    );
    expect(out.html.match(/class="mw-col"/g)).toHaveLength(3);
    expect(out.html).toContain("@media only screen and (max-width: 480px)");
    expect(out.html).not.toContain("max-width: 620px");
    expect(() =>
      parseBlocksSource(blocks({ type: "columns", stack: "no", columns: [column, column] })),
    ).toThrow(ValidationError);
  });

  it("declares light and dark, with a dark stylesheet that keeps every color readable", async () => {
    const out = await renderTemplate(
      template(
        "S",
        { type: "heading", text: "Kicker", color: "#1d4ed8" },
        { type: "text", text: "Body [link](https://x.test) small", size: "small" },
        { type: "button", label: "Go", href: "https://x.test", color: "#111827" },
        { type: "divider" },
      ),
    );
    expect(out.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(out.html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
    const dark = /@media \(prefers-color-scheme: dark\) \{([\s\S]*?)\n\}/.exec(out.html)?.[1];
    expect(dark).toBeDefined();
    const rule = (selector: string, property: string) =>
      new RegExp(`\\.${selector} \\{[^}]*?(?<![-\\w])${property}: (#[0-9a-f]{6})`).exec(dark!)?.[1];
    const card = rule("mw-container", "background-color")!;
    expect(contrastRatio(rule("mw-text", "color")!, card)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rule("mw-muted", "color")!, card)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rule("mw-link", "color")!, card)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rule("mw-fg-1d4ed8", "color")!, card)).toBeGreaterThanOrEqual(4.5);
    // A near-black button is lightened until it stands out, and its label still reads on it.
    const button = rule("mw-btn-111827-ffffff", "background-color")!;
    expect(contrastRatio(button, card)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(rule("mw-btn-111827-ffffff", "color")!, button)).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(out.html).toMatch(/<h1[^>]*class="mw-fg-1d4ed8"/);
    expect(out.html).toMatch(/<p[^>]*class="mw-muted"/);
    expect(out.html).toMatch(/<a[^>]*class="mw-link"/);
    expect(out.html).toMatch(/<hr[^>]*class="mw-border"/);
    expect(out.html).toMatch(/<body[^>]*class="mw-outer"/);
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
