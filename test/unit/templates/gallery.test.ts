import { describe, expect, it } from "vitest";
import { serializeBlocks } from "@/lib/templates/blocks";
import { compileTemplate } from "@/lib/templates/compiled";
import { SYSTEM_TEMPLATES, type SystemTemplate } from "@/lib/templates/gallery";
import { renderTemplate } from "@/lib/templates/render";
import { instrumentHtml } from "@/lib/tracking/instrument";

const source = (t: SystemTemplate) =>
  serializeBlocks({ blocks: t.blocks, ...(t.theme && { theme: t.theme }) });
const renderable = (t: SystemTemplate) =>
  ({ subject: t.subject, source: source(t), format: "blocks" }) as const;
const marketing = SYSTEM_TEMPLATES.filter((t) => t.category !== "Transactional");
const transactional = SYSTEM_TEMPLATES.filter((t) => t.category === "Transactional");

const UNSUBSCRIBE = "http://localhost:3000/u/tok_abcdefghijklmnopqrstuvwxyz0123";
const ADDRESS = "Northwind Outdoors Ltd, 12 Harbour Street, Bristol BS1 4QA";
const recipient = {
  email: "ada@example.org",
  name: "Ada Lovelace",
  first_name: "Ada",
  project_name: "Northwind",
  unsubscribe_url: UNSUBSCRIBE,
  postal_address: ADDRESS,
};

describe("gallery: marketing footers", () => {
  it("every non-transactional template is marketing, and there are some of each", () => {
    expect(marketing.map((t) => t.id)).toEqual(
      expect.arrayContaining([
        "tpl_system_welcome",
        "tpl_system_newsletter_digest",
        "tpl_system_product_launch",
        "tpl_system_event_invitation",
        "tpl_system_promo_sale",
        "tpl_system_we_miss_you",
        "tpl_system_personal_note",
      ]),
    );
    expect(transactional.length).toBeGreaterThan(0);
  });

  it.each(marketing.map((t) => [t.id, t] as const))(
    "%s links the unsubscribe page (untracked) and prints the postal address",
    async (_id, template) => {
      const out = await renderTemplate(renderable(template), recipient);
      expect(out.html).toMatch(new RegExp(`<a href="${UNSUBSCRIBE}"[^>]*>Unsubscribe</a>`));
      expect(out.html).toContain(ADDRESS);
      expect(out.text).toContain(`Unsubscribe ${UNSUBSCRIBE}\n${ADDRESS}`);
      // Delivery's click tracking leaves the unsubscribe link as it is (DECISIONS §8).
      const tracked = instrumentHtml(out.html, {
        appUrl: "http://localhost:3000",
        token: "t".repeat(32),
        signingKey: "k",
      });
      expect(tracked).toContain(`href="${UNSUBSCRIBE}"`);
    },
  );

  it.each(marketing.map((t) => [t.id, t] as const))(
    "%s with no postal address ends on the unsubscribe line, no empty line or paragraph",
    async (_id, template) => {
      const out = await renderTemplate(renderable(template), { ...recipient, postal_address: "" });
      expect(out.text.endsWith(`Unsubscribe ${UNSUBSCRIBE}`)).toBe(true);
      expect(out.html).not.toMatch(/<p[^>]*>\s*(<br\s*\/?>\s*)*<\/p>/);
      expect(out.html).toMatch(/Unsubscribe<\/a><br\/><\/p>/);
      // The campaign pipeline adds its own footer only to templates without the placeholder.
      expect(source(template)).toMatch(/\{\{\s*unsubscribe_url\b/);
      expect(source(template)).toMatch(/\{\{\s*postal_address\b/);
    },
  );

  it.each(transactional.map((t) => [t.id, t] as const))(
    "%s (transactional) has no unsubscribe link",
    (_id, template) => {
      expect(source(template)).not.toMatch(/unsubscribe_url|postal_address/);
    },
  );
});

describe("gallery: copy", () => {
  const contactOnly = { email: "ada@example.org", name: "Ada Lovelace", first_name: "Ada" };

  it.each(SYSTEM_TEMPLATES.map((t) => [t.id, t] as const))(
    "%s greets by first name, gives every image alt text and reads whole with no data",
    async (_id, template) => {
      const filled = await renderTemplate(renderable(template), {
        ...contactOnly,
        data: {
          logo_url: "https://cdn.example.com/logo.png",
          image_url: "https://cdn.example.com/a.png",
          hero_image_url: "https://cdn.example.com/h.png",
        },
      });
      expect(`${filled.subject}\n${filled.text}`).not.toContain("Lovelace");
      for (const [img] of filled.html.matchAll(/<img[^>]*>/g)) {
        expect(img).toMatch(/alt="[^"]+"/);
      }
      for (const out of [filled, await renderTemplate(renderable(template), {})]) {
        const all = `${out.subject}\n${out.text}`;
        // A space before punctuation is a missing value mid-sentence ("payment of ."); "**" is
        // bold that did not render; ", there!" is a greeting fallback where it does not fit.
        expect(all).not.toMatch(/ [.,:;!?]|\*\*|, there[!.,]/);
      }
    },
  );

  it("the welcome sign-off names the team, not 'The Acme'", async () => {
    const welcome = SYSTEM_TEMPLATES.find((t) => t.id === "tpl_system_welcome")!;
    const out = await renderTemplate(renderable(welcome), { project_name: "Acme" });
    expect(out.text).toContain("Cheers,\nThe Acme team");
    expect((await renderTemplate(renderable(welcome), {})).text).toContain("Cheers,\nThe team");
  });

  it("compiled renders match direct ones with the pipeline's variables", async () => {
    for (const template of marketing) {
      const compiled = await compileTemplate(renderable(template));
      for (const variables of [
        recipient,
        { ...recipient, postal_address: "", name: "", first_name: "" },
      ]) {
        expect(await compiled.render(variables)).toEqual(
          await renderTemplate(renderable(template), variables),
        );
      }
    }
  });
});
