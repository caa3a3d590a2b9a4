import { describe, expect, it } from "vitest";
import { serializeBlocks } from "@/lib/templates/blocks";
import { previewVariables, testSendVariables } from "@/lib/dashboard/templates-variables";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { listTemplateVariables } from "@/lib/templates/inspect";
import { renderTemplate } from "@/lib/templates/render";
import {
  humanize,
  nestVariables,
  SAMPLE_CONTACT,
  sampleValueFor,
  sampleValues,
  sampleVariables,
} from "@/lib/templates/sample-values";

describe("sampleValueFor", () => {
  it("fills contact fields from the sample contact, even over a fallback", () => {
    expect(sampleValueFor({ name: "first_name" })).toBe("Alex");
    expect(sampleValueFor({ name: "first_name", fallback: "there" })).toBe("Alex");
    expect(sampleValueFor({ name: "name" })).toBe(SAMPLE_CONTACT.name);
    expect(sampleValueFor({ name: "email", fallback: "this address" })).toBe("alex@example.com");
    // The welcome template's logo alt gives project_name the fallback "Logo".
    expect(sampleValueFor({ name: "project_name", fallback: "Logo" })).toBe("Acme");
  });

  it("uses the author's fallback for everything else", () => {
    expect(sampleValueFor({ name: "data.issue_title", fallback: "This month" })).toBe("This month");
    expect(sampleValueFor({ name: "data.code", fallback: "SAVE25" })).toBe("SAVE25");
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

  it("leaves image URLs empty (the image is left out) and humanizes unknown names", () => {
    expect(sampleValueFor({ name: "data.hero_image_url" })).toBe("");
    expect(sampleValueFor({ name: "data.logo_url" })).toBe("");
    expect(sampleValueFor({ name: "data.story1_kicker" })).toBe("Story 1 kicker");
    expect(sampleValueFor({ name: "favouriteColour" })).toBe("Favourite colour");
    expect(humanize("logo_url")).toBe("Logo URL");
    expect(humanize("url")).toBe("URL");
  });
});

describe("sampleValues / sampleVariables", () => {
  it("lets known values win and nests paths for the renderer", () => {
    const variables = [{ name: "project_name" }, { name: "data.plan" }, { name: "first_name" }];
    expect(sampleValues(variables, { project_name: "Northwind" })).toEqual({
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
        { project_name: "Northwind" },
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
});
