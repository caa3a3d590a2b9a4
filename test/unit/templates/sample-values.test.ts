import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serializeBlocks, type Block } from "@/lib/templates/blocks";
import { previewVariables, testSendVariables } from "@/lib/web/dashboard/templates-variables";
import { previewSampleContext, SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { renderTemplate } from "@/lib/templates/render";
import {
  humanize,
  nestVariables,
  SAMPLE_CONTACT,
  SAMPLE_IMAGE_PATHS,
  sampleValueFor,
  sampleValues,
  sampleVariables,
} from "@/lib/templates/sample-values";

/** A public URL as Settings → General would save it. */
const PUBLIC_URL = "https://mail.example.org";

describe("sampleValueFor", () => {
  it("fills contact fields from the sample contact, even over a fallback", () => {
    expect(sampleValueFor({ name: "first_name" })).toBe("Alex");
    expect(sampleValueFor({ name: "first_name", fallback: "there" })).toBe("Alex");
    expect(sampleValueFor({ name: "name" })).toBe(SAMPLE_CONTACT.name);
    expect(sampleValueFor({ name: "email", fallback: "this address" })).toBe("alex@example.com");
    // The welcome template's logo alt gives project_name the fallback "Logo".
    expect(sampleValueFor({ name: "project_name", fallback: "Logo" })).toBe("Acme");
  });

  it("uses the author's fallback for everything else, unless it only marks a missing value", () => {
    expect(sampleValueFor({ name: "data.issue_title", fallback: "This month" })).toBe("This month");
    expect(sampleValueFor({ name: "data.code", fallback: "SAVE25" })).toBe("SAVE25");
    expect(sampleValueFor({ name: "data.tax", fallback: "$0.00" })).toBe("$0.00");
    // "—" is what a receipt prints when the sender left the total out, not a sample.
    expect(sampleValueFor({ name: "data.total", fallback: "—" })).toBe("$49.00");
    expect(sampleValueFor({ name: "data.order_number", fallback: "—" })).toBe("#10428");
    expect(sampleValueFor({ name: "data.date", fallback: "..." })).toBe("June 12");
  });

  it("guesses from the name when there is no fallback", () => {
    expect(sampleValueFor({ name: "company" })).toBe("Acme");
    expect(sampleValueFor({ name: "data.reset_url" })).toBe("https://example.com");
    expect(sampleValueFor({ name: "unsubscribe_url" })).toBe("https://example.com");
    expect(sampleValueFor({ name: "data.total" })).toBe("$49.00");
    expect(sampleValueFor({ name: "headline" })).toBe("A headline worth reading");
    expect(sampleValueFor({ name: "intro" })).toMatch(/^A short paragraph/);
    expect(sampleValueFor({ name: "data.sender_title" })).toBe("Founder");
    expect(sampleValueFor({ name: "postal_address" })).toMatch(/Market Street/);
  });

  it("shows the app's sample pictures at the public URL; without one an image stays empty", () => {
    expect(sampleValueFor({ name: "data.hero_image_url" }, PUBLIC_URL)).toBe(
      `${PUBLIC_URL}/samples/picture.png`,
    );
    expect(sampleValueFor({ name: "data.image_url" }, PUBLIC_URL)).toBe(
      `${PUBLIC_URL}/samples/picture.png`,
    );
    expect(sampleValueFor({ name: "data.logo_url" }, PUBLIC_URL)).toBe(
      `${PUBLIC_URL}/samples/logo.png`,
    );
    // The author's own picture wins, as it would in a send.
    expect(
      sampleValueFor({ name: "data.logo_url", fallback: "https://acme.test/logo.png" }, PUBLIC_URL),
    ).toBe("https://acme.test/logo.png");
    expect(sampleValueFor({ name: "data.hero_image_url" })).toBe("");
    expect(sampleValueFor({ name: "data.logo_url" })).toBe("");
  });

  it("humanizes unknown names", () => {
    expect(sampleValueFor({ name: "data.story1_kicker" })).toBe("Story 1 kicker");
    expect(sampleValueFor({ name: "favouriteColour" })).toBe("Favourite colour");
    expect(humanize("logo_url")).toBe("Logo URL");
    expect(humanize("url")).toBe("URL");
  });
});

describe("sampleValues / sampleVariables", () => {
  it("lets known values win and nests paths for the renderer", () => {
    const variables = [{ name: "project_name" }, { name: "data.plan" }, { name: "first_name" }];
    expect(sampleValues(variables, { known: { project_name: "Northwind" } })).toEqual({
      project_name: "Northwind",
      "data.plan": "Pro",
      first_name: "Alex",
    });
    expect(sampleVariables(variables)).toEqual({
      project_name: "Acme",
      data: { plan: "Pro" },
      first_name: "Alex",
    });
  });

  it("nests deeper paths and survives a path that is also a prefix", () => {
    expect(nestVariables({ "a.b.c": "x", a: "y" })).toEqual({ a: "y" });
    expect(nestVariables({ a: "y", "a.b": "x" })).toEqual({ a: { b: "x" } });
  });
});

describe("gallery previews with sample data", () => {
  for (const template of SYSTEM_TEMPLATES) {
    it(`${template.name} reads like a real email`, async () => {
      const source = serializeBlocks({
        blocks: template.blocks,
        ...(template.theme && { theme: template.theme }),
      });
      const renderable = { subject: template.subject, source, format: "blocks" as const };
      const rendered = await renderTemplate(
        renderable,
        sampleVariables(listTemplateVariables(renderable)),
      );
      for (const part of [rendered.subject, rendered.text, rendered.html]) {
        expect(part).not.toContain("{{");
        expect(part).not.toMatch(/\b(Hi|Hello|Hey|aboard),\s*[,!.]/);
      }
      expect(rendered.text).not.toMatch(/\b(Hi|Hello|Hey) ,/);
    });
  }

  it("a template without fallbacks greets the sample contact, never 'Hi ,'", async () => {
    const renderable = {
      subject: "News for {{first_name}}",
      source: '<p>Hi {{first_name}}, {{intro}} <a href="{{cta_url}}">{{cta_label}}</a></p>',
      format: "html" as const,
    };
    const plain = await renderTemplate(renderable);
    expect(plain.text).toMatch(/Hi ,/); // what previews showed before sample data
    const sampled = await renderTemplate(
      renderable,
      sampleVariables(listTemplateVariables(renderable)),
    );
    expect(sampled.subject).toBe("News for Alex");
    expect(sampled.text).toMatch(/^Hi Alex, A short paragraph/);
    expect(sampled.html).toContain('href="https://example.com"');
  });
});

describe("editor preview and test-send variables", () => {
  const used = [
    { name: "first_name", fallback: "there" },
    { name: "project_name" },
    { name: "data.plan" },
    { name: "unsubscribe_url" },
  ];

  it("previews typed samples first and sample data for the rest", () => {
    expect(
      previewVariables(
        used,
        { "data.plan": "Team", first_name: "" },
        { known: { project_name: "Northwind" } },
      ),
    ).toEqual({
      first_name: "Alex",
      project_name: "Northwind",
      data: { plan: "Team" },
      unsubscribe_url: "https://example.com",
    });
  });

  it("leaves what the pipeline fills to the pipeline in a test send", () => {
    expect(testSendVariables(used, {})).toEqual({ first_name: "Alex", data: { plan: "Pro" } });
  });

  it("points a test send's sample pictures at the public URL, like its links", () => {
    expect(testSendVariables([{ name: "data.hero_image_url" }], {}, PUBLIC_URL)).toEqual({
      data: { hero_image_url: `${PUBLIC_URL}/samples/picture.png` },
    });
  });
});

/** The placeholders a template's image blocks show (`{{ data.hero_image_url }}`), by path. */
function imagePlaceholders(blocks: Block[]): string[] {
  return blocks.flatMap((block) => {
    if (block.type === "columns") return block.columns.flatMap((c) => imagePlaceholders(c.blocks));
    if (block.type !== "image") return [];
    const match = /^\{\{\s*([\w.]+)\s*\}\}$/.exec(block.src);
    return match ? [match[1]!] : [];
  });
}

describe("gallery previews: a sample for every variable", () => {
  for (const template of SYSTEM_TEMPLATES) {
    const source = serializeBlocks({
      blocks: template.blocks,
      ...(template.theme && { theme: template.theme }),
    });
    const renderable = { subject: template.subject, source, format: "blocks" as const };
    const variables = listTemplateVariables(renderable);
    const context = previewSampleContext(template.id, { publicUrl: PUBLIC_URL });

    it(`${template.name}: every variable has a value that says something`, () => {
      const values = sampleValues(variables, context);
      for (const { name } of variables) {
        expect(values[name], name).toMatch(/[\p{L}\p{N}]/u);
        // Its own text is written for it: a fallback ("—", "our next event") is for a real send
        // that left the value out. Links and pictures have generic samples.
        if (name.startsWith("data.") && !name.endsWith("_url")) {
          expect(template.samples, name).toHaveProperty([name]);
        }
      }
      // No sample for a variable the template does not use (a typo would hide a missing one).
      for (const name of Object.keys(template.samples)) {
        expect(variables.map((v) => v.name)).toContain(name);
      }
    });

    it(`${template.name}: every image shows a picture the app ships`, async () => {
      const rendered = await renderTemplate(renderable, sampleVariables(variables, context));
      expect(rendered.html).not.toContain("—");
      for (const name of imagePlaceholders(template.blocks)) {
        const url = sampleValues(variables, context)[name]!;
        expect(url, name).toMatch(new RegExp(`^${PUBLIC_URL}/samples/`));
        expect(rendered.html).toContain(`src="${url}"`);
      }
    });
  }

  it("the sample pictures are small PNGs under public/ (mail clients do not show SVG)", () => {
    for (const file of Object.values(SAMPLE_IMAGE_PATHS)) {
      const bytes = fs.readFileSync(path.join(process.cwd(), "public", file));
      expect(bytes.subarray(0, 8).toString("hex"), file).toBe("89504e470d0a1a0a");
      expect(bytes.length, file).toBeLessThan(32 * 1024);
    }
  });

  it("the newsletter shows its hero picture, the receipt its order, total and date", async () => {
    const render = async (id: string) => {
      const template = SYSTEM_TEMPLATES.find((t) => t.id === id)!;
      const renderable = {
        subject: template.subject,
        source: serializeBlocks({ blocks: template.blocks }),
        format: "blocks" as const,
      };
      const context = previewSampleContext(id, { projectName: "Northwind", publicUrl: PUBLIC_URL });
      return renderTemplate(
        renderable,
        sampleVariables(listTemplateVariables(renderable), context),
      );
    };
    const newsletter = await render("tpl_system_newsletter_digest");
    expect(newsletter.html).toContain(`src="${PUBLIC_URL}/samples/picture.png"`);
    expect(newsletter.html).toContain(`src="${PUBLIC_URL}/samples/logo.png"`);
    expect(newsletter.subject).toBe("June in review: what we shipped, read and learned");
    const receipt = await render("tpl_system_receipt");
    for (const value of ["#10428", "$53.41", "June 12, 2026"])
      expect(receipt.text).toContain(value);
    expect(receipt.text).not.toContain("—");
    // The project's name wins over the gallery's sample company.
    expect(receipt.html).toContain('alt="Northwind"');
  });
});
