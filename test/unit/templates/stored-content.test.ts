import { describe, expect, it } from "vitest";
import { serializeBlocks } from "@/lib/templates/blocks";
import { compileTemplate } from "@/lib/templates/compiled";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import type { RenderableTemplate } from "@/lib/templates/render";
import { emailContentId, pickVariables } from "@/lib/templates/stored-content";
import { listVariables, type Variables } from "@/lib/templates/variables";
import { contactVariables } from "@/lib/templates/contact-variables";

describe("pickVariables", () => {
  const variables: Variables = {
    first_name: "Ada",
    plan: "pro",
    data: { plan: "pro", notes: "x".repeat(5000), items: ["a", "b"], nested: { deep: 1 } },
    event: { amount: 12, payload: { big: "y".repeat(5000) } },
  };

  it("keeps the values at the paths, and nothing else", () => {
    expect(pickVariables(variables, ["first_name", "data.plan", "event.amount"])).toEqual({
      first_name: "Ada",
      data: { plan: "pro" },
      event: { amount: 12 },
    });
  });

  it("keeps a value taken whole once, and skips paths that are missing", () => {
    const picked = pickVariables(variables, [
      "data.nested",
      "data.nested.deep",
      "missing.x",
      "plan.x",
    ]);
    expect(picked).toEqual({ data: { nested: { deep: 1 } } });
    expect(pickVariables(variables, ["data.nested.deep", "data.nested"])).toEqual({
      data: { nested: { deep: 1 } },
    });
  });

  it("reads array elements and lengths as the template does", () => {
    expect(pickVariables(variables, ["data.items.1", "data.items.length"])).toEqual({
      data: { items: { 1: "b", length: 2 } },
    });
  });

  it("never writes into the variables it picks from", () => {
    const before = structuredClone(variables);
    pickVariables(variables, ["data", "data.plan", "data.nested.deep", "event"]);
    expect(variables).toEqual(before);
  });
});

/** A contact with many custom fields the templates do not read, filled for every placeholder. */
function recipientOf(source: string): Variables {
  const data: Record<string, string> = {};
  for (let i = 0; i < 50; i++) data[`unused_${i}`] = `value ${i}`;
  for (const { name } of listVariables(source)) data[name.split(".").at(-1)!] = `<${name}> & "x"`;
  return contactVariables(
    {
      email: "ada@example.com",
      name: "Ada Lovelace",
      subscribed: true,
      source: "api",
      data,
    },
    { order: { total: 42, lines: ["a", "b"] } },
    { unsubscribe_url: "https://app.test/u/tok", project_name: "Acme", postal_address: "1 Road" },
  );
}

const gallery: [string, RenderableTemplate][] = [
  ...SYSTEM_TEMPLATES.map((t): [string, RenderableTemplate] => [
    t.id,
    {
      subject: t.subject,
      format: "blocks",
      source: serializeBlocks({ blocks: t.blocks, ...(t.theme && { theme: t.theme }) }),
    },
  ]),
  [
    "html with fallbacks, nested paths and a URL",
    {
      subject: "Hi {{first_name}}",
      format: "html",
      source: `<p>Hello {{ name | "friend" }}, {{event.order.total}} for {{data.plan}}</p><a href="https://x.test/?u={{email}}">go</a>`,
    },
  ],
];

describe("a body rendered from the stored values is the body rendered from all of them", () => {
  it.each(gallery)("%s", async (_id, template) => {
    const compiled = await compileTemplate(template, { previewText: "For {{first_name}}" });
    const variables = recipientOf(template.source);
    const sent = await compiled.render(variables);
    const stored = JSON.parse(
      JSON.stringify(pickVariables(variables, compiled.variablePaths())),
    ) as Variables;
    const again = await (
      await compileTemplate(template, { previewText: "For {{first_name}}" })
    ).render(stored, { renderedSubject: sent.subject });
    expect(again).toEqual(sent);
    // The contact's other fields are not kept with the email.
    expect(JSON.stringify(stored)).not.toContain("unused_");
  });
});

describe("emailContentId", () => {
  const content = { format: "blocks" as const, source: "{}", previewText: "", lang: "en" };

  it("names the same content the same way, and any change differently", () => {
    expect(emailContentId(content)).toBe(emailContentId({ ...content }));
    expect(emailContentId(content)).toMatch(/^ctn_[\w-]{32}$/);
    for (const change of [
      { source: "{ }" },
      { previewText: "x" },
      { lang: "de" },
      { format: "html" as const },
    ])
      expect(emailContentId({ ...content, ...change })).not.toBe(emailContentId(content));
  });
});
