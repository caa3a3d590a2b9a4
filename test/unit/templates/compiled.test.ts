import { describe, expect, it } from "vitest";
import { serializeBlocks } from "@/lib/templates/blocks";
import { compileTemplate } from "@/lib/templates/compiled";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { renderTemplate, type RenderableTemplate } from "@/lib/templates/render";

const VARIABLES = [
  {},
  { name: "Ada", first_name: "Ada", data: { plan: "pro" }, event: { amount: 12 } },
  {
    name: `<b>O'Hara & "Sons"</b>`,
    first_name: "Zoë",
    product: "Widget <3",
    url: "https://x.test",
  },
];

const gallery: [string, RenderableTemplate][] = SYSTEM_TEMPLATES.map((t) => [
  t.id,
  {
    subject: t.subject,
    format: "blocks",
    source: serializeBlocks({ blocks: t.blocks, ...(t.theme && { theme: t.theme }) }),
  },
]);

describe("compiled templates render exactly what a direct render does", () => {
  it.each(gallery)("%s", async (_id, template) => {
    const compiled = await compileTemplate(template);
    for (const variables of VARIABLES) {
      expect(await compiled.render(variables)).toEqual(await renderTemplate(template, variables));
    }
  });

  it("html sources, with fallbacks and escaping", async () => {
    const template: RenderableTemplate = {
      subject: 'Hi {{ first_name | "there" }}',
      format: "html",
      source: `<html><body><h1>Hello {{name | "friend"}}</h1><p>{{product}} costs {{event.amount}}</p></body></html>`,
    };
    const compiled = await compileTemplate(template);
    for (const variables of VARIABLES) {
      expect(await compiled.render(variables)).toEqual(await renderTemplate(template, variables));
    }
  });

  it("a placeholder in a URL is filled and checked per recipient", async () => {
    const template: RenderableTemplate = {
      subject: "Link",
      format: "blocks",
      source: serializeBlocks({
        blocks: [
          { type: "button", label: "Open {{name}}", href: "{{url}}" },
          { type: "text", text: "Thanks {{name}}" },
        ],
      }),
    };
    const compiled = await compileTemplate(template);
    const safe = await compiled.render({ name: "Ada", url: "https://ok.test/a" });
    expect(safe.html).toContain('href="https://ok.test/a"');
    const unsafe = await compiled.render({ name: "Ada", url: "javascript:alert(1)" });
    expect(unsafe.html).not.toContain("javascript:");
    expect(unsafe).toEqual(
      await renderTemplate(template, { name: "Ada", url: "javascript:alert(1)" }),
    );
  });

  it.each([gallery[0]!, gallery[3]!])("with preview text: %s", async (_id, template) => {
    const previewText = `Hi {{ name | "there" }}, <news> & more`;
    const compiled = await compileTemplate(template, { previewText });
    for (const variables of VARIABLES) {
      expect(await compiled.render(variables)).toEqual(
        await renderTemplate(template, variables, { previewText }),
      );
    }
  });

  it("titles each email with its own subject (escaped), or the title option filled", async () => {
    const template = gallery[0]![1];
    const compiled = await compileTemplate(template, { lang: "nl" });
    for (const variables of VARIABLES) {
      expect(await compiled.render(variables)).toEqual(
        await renderTemplate(template, variables, { lang: "nl" }),
      );
    }
    const override = await compiled.render({ name: "<Ada>" }, { subject: "Re: {{name}} & co" });
    expect(override.html).toContain("<title>Re: &lt;Ada&gt; &amp; co</title>");
    const titled = await compileTemplate(template, { title: "{{ project_name }} mail" });
    expect((await titled.render({ project_name: "A&B" })).html).toContain(
      "<title>A&amp;B mail</title>",
    );
  });

  it("takes a subject override per render", async () => {
    const compiled = await compileTemplate(gallery[0]![1]);
    expect((await compiled.render({ name: "Ada" }, { subject: "Re: {{name}}" })).subject).toBe(
      "Re: Ada",
    );
  });
});
