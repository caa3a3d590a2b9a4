import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey, ISO_MS } from "../../support/checks";

let app: TestApp;
let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
});
afterAll(() => app?.close());

const SYSTEM_ID = "tpl_system_welcome";
const blocksSource = (...blocks: unknown[]) => JSON.stringify({ blocks });

describe(`templates API (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("creates with defaults: subject = name, category General, an empty blocks document", async () => {
    const created = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: { name: " Welcome mail " },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(
      [
        "category",
        "created_at",
        "format",
        "id",
        "is_system",
        "name",
        "source",
        "subject",
        "updated_at",
      ].sort(),
    );
    expect(created.body).toMatchObject({
      name: "Welcome mail",
      subject: "Welcome mail",
      category: "General",
      format: "blocks",
      source: '{"blocks":[]}',
      is_system: false,
    });
    expect(created.body.id).toMatch(/^tpl_/);
    expect(created.body.created_at).toMatch(ISO_MS);
    expect(created.body.updated_at).toMatch(ISO_MS);

    const html = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: { name: "Raw", format: "html", category: "Transactional", subject: "Hi {{name}}" },
    });
    expect(html.status).toBe(201);
    expect(html.body).toMatchObject({
      format: "html",
      source: "",
      category: "Transactional",
      subject: "Hi {{name}}",
    });
  });

  it("rejects bad input with 422 and details pointing into the blocks", async () => {
    const post = (body: unknown) =>
      app.api("/v1/templates", { method: "POST", key: project.live, body });
    const missingName = await post({ subject: "x" });
    expectError(missingName, 422, "validation_error");
    expect(missingName.body.error.details[0].path).toBe("name");
    expectError(await post({ name: "" }), 422);
    expectError(await post({ name: "x", category: "Marketing" }), 422);
    expectError(await post({ name: "x", format: "mjml" }), 422);
    expectError(await post({ name: "x", subject: "two\nlines" }), 422);
    expectError(await post([]), 422);

    const badJson = await post({ name: "x", source: "{not json" });
    expectError(badJson, 422);
    expect(badJson.body.error.details[0].path).toBe("source");

    const badBlock = await post({
      name: "x",
      source: blocksSource(
        { type: "text", text: "ok" },
        { type: "heading", text: "x" },
        { type: "button", label: "Go", href: "javascript:alert(1)" },
      ),
    });
    expectError(badBlock, 422);
    expect(badBlock.body.error.details).toEqual([
      { path: "source.blocks.2.href", message: expect.stringContaining("http") },
    ]);

    const unknownType = await post({ name: "x", source: blocksSource({ type: "marquee" }) });
    expect(unknownType.body.error.details[0].path).toBe("source.blocks.0.type");
    // HTML sources are free-form.
    expect((await post({ name: "x", format: "html", source: "{not json" })).status).toBe(201);
  });

  it("gets own and system templates; another project's is 404", async () => {
    const { body: mine } = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: { name: "Mine" },
    });
    const fetched = await app.api(`/v1/templates/${mine.id}`, { key: project.live });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(mine);

    const system = await app.api(`/v1/templates/${SYSTEM_ID}`, { key: other.live });
    expect(system.status).toBe(200);
    expect(system.body).toMatchObject({
      id: SYSTEM_ID,
      is_system: true,
      format: "blocks",
      category: "Onboarding",
    });
    expect(JSON.parse(system.body.source).blocks.length).toBeGreaterThan(3);

    expectError(await app.api(`/v1/templates/${mine.id}`, { key: other.live }), 404, "not_found");
    expectError(await app.api("/v1/templates/tpl_missing", { key: project.live }), 404);
  });

  it("patches only the fields sent and validates the source against the resulting format", async () => {
    const { body: t } = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: { name: "Patch me", format: "html", source: "<p>Hi {{name}}</p>" },
    });
    const patch = (body: unknown, key = project.live) =>
      app.api(`/v1/templates/${t.id}`, { method: "PATCH", key, body });

    const renamed = await patch({ name: "Renamed", category: "Newsletter" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: "Renamed",
      category: "Newsletter",
      subject: "Patch me",
      format: "html",
      source: "<p>Hi {{name}}</p>",
    });

    // The stored HTML is not a blocks document: switching format alone is a 422.
    const switchOnly = await patch({ format: "blocks" });
    expectError(switchOnly, 422);
    expect(switchOnly.body.error.details[0].path).toBe("source");
    const switched = await patch({
      format: "blocks",
      source: blocksSource({ type: "heading", text: "Hi" }),
    });
    expect(switched.body.format).toBe("blocks");

    const badBlock = await patch({ source: blocksSource({ type: "spacer", height: 9999 }) });
    expectError(badBlock, 422);
    expect(badBlock.body.error.details[0].path).toBe("source.blocks.0.height");
    expectError(await patch({ category: "Nope" }), 422);
    expectError(await patch({ name: 5 }), 422);

    // Back to html keeps the JSON text as HTML: valid.
    expect((await patch({ format: "html" })).body.format).toBe("html");

    expectError(await patch({ name: "x" }, other.live), 404);
    expectError(
      await app.api("/v1/templates/tpl_missing", {
        method: "PATCH",
        key: project.live,
        body: { name: "x" },
      }),
      404,
    );
  });

  it("keeps system templates read-only: PATCH and DELETE are 404", async () => {
    expectError(
      await app.api(`/v1/templates/${SYSTEM_ID}`, {
        method: "PATCH",
        key: project.live,
        body: { name: "Hacked" },
      }),
      404,
    );
    expectError(
      await app.api(`/v1/templates/${SYSTEM_ID}`, { method: "DELETE", key: project.live }),
      404,
    );
    const still = await app.api(`/v1/templates/${SYSTEM_ID}`, { key: project.live });
    expect(still.body.name).toBe("Welcome");
  });

  it("deletes own templates; another project's or a missing one is 404", async () => {
    const { body: t } = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: { name: "Bye" },
    });
    expectError(await app.api(`/v1/templates/${t.id}`, { method: "DELETE", key: other.live }), 404);
    const deleted = await app.api(`/v1/templates/${t.id}`, { method: "DELETE", key: project.live });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: t.id, deleted: true });
    expectError(await app.api(`/v1/templates/${t.id}`, { key: project.live }), 404);
    expectError(
      await app.api(`/v1/templates/${t.id}`, { method: "DELETE", key: project.live }),
      404,
    );
  });

  it("lists own templates newest first, with scope=all adding the gallery, category filter and paging", async () => {
    const p = await app.createProject({ name: "Listing" });
    const names = ["a", "b", "c", "d", "e"];
    for (const [i, name] of names.entries()) {
      await app.api("/v1/templates", {
        method: "POST",
        key: p.live,
        body: { name, category: i % 2 === 0 ? "Onboarding" : "General" },
      });
    }
    const own = await app.api("/v1/templates", { key: p.live });
    expect(own.body.data.map((t: { name: string }) => t.name)).toEqual(["e", "d", "c", "b", "a"]);
    expect(own.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(own.body.data.every((t: { is_system: boolean }) => !t.is_system)).toBe(true);

    const onboarding = await app.api("/v1/templates?category=Onboarding", { key: p.live });
    expect(onboarding.body.data.map((t: { name: string }) => t.name)).toEqual(["e", "c", "a"]);
    expectError(await app.api("/v1/templates?category=Spam", { key: p.live }), 422);
    expectError(await app.api("/v1/templates?scope=everything", { key: p.live }), 422);

    // own ∪ system, own first (newer), paged with a keyset cursor across both.
    const seen: { id: string; is_system: boolean }[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/v1/templates?scope=all&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await app.api(path, { key: p.live });
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(4);
      seen.push(...page.body.data);
      cursor = page.body.next_cursor;
      if (page.body.has_more) expect(cursor).toEqual(expect.any(String));
    } while (cursor);
    expect(seen).toHaveLength(names.length + SYSTEM_TEMPLATES.length);
    expect(new Set(seen.map((t) => t.id)).size).toBe(seen.length);
    expect(seen.slice(0, 5).every((t) => !t.is_system)).toBe(true);
    expect(seen.slice(5).map((t) => t.id)).toEqual(SYSTEM_TEMPLATES.map((t) => t.id));
    // Other projects' templates never show up.
    const otherIds = (
      await app.api("/v1/templates?scope=all&limit=100", { key: project.live })
    ).body.data.map((t: { id: string }) => t.id);
    expect(otherIds.filter((id: string) => seen.some((t) => t.id === id && !t.is_system))).toEqual(
      [],
    );

    const systemOnboarding = await app.api("/v1/templates?scope=all&category=Transactional", {
      key: p.live,
    });
    expect(systemOnboarding.body.data.length).toBeGreaterThanOrEqual(3);
    expect(
      systemOnboarding.body.data.every(
        (t: { category: string; is_system: boolean }) =>
          t.category === "Transactional" && t.is_system,
      ),
    ).toBe(true);

    // A cursor from one list is rejected by another list and another project.
    const first = await app.api("/v1/templates?scope=all&limit=2", { key: p.live });
    expectError(
      await app.api(`/v1/templates?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, {
        key: p.live,
      }),
      422,
    );
    expectError(
      await app.api(
        `/v1/templates?scope=all&cursor=${encodeURIComponent(first.body.next_cursor)}`,
        { key: project.live },
      ),
      422,
    );
    expectError(await app.api("/v1/templates?limit=0", { key: p.live }), 422);
  });

  it("previews own and system templates with variables", async () => {
    const { body: t } = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: {
        name: "Preview",
        subject: 'Hi {{ name | "there" }}',
        source: blocksSource(
          { type: "text", text: "Plan: **{{ data.plan }}**" },
          {
            type: "button",
            label: "Upgrade",
            href: "https://app.x.test/upgrade?plan={{ data.plan }}",
          },
        ),
      },
    });
    const preview = await app.api(`/v1/templates/${t.id}/preview`, {
      method: "POST",
      key: project.live,
      body: { variables: { name: "<Ada>", data: { plan: "pro" } } },
    });
    expect(preview.status).toBe(200);
    expect(Object.keys(preview.body).sort()).toEqual(["html", "subject", "text"]);
    expect(preview.body.subject).toBe("Hi <Ada>");
    expect(preview.body.html).toContain('href="https://app.x.test/upgrade?plan=pro"');
    expect(preview.body.text).toContain("Plan: pro");

    const noBody = await app.api(`/v1/templates/${t.id}/preview`, {
      method: "POST",
      key: project.live,
    });
    expect(noBody.body.subject).toBe("Hi there");

    const system = await app.api(`/v1/templates/${SYSTEM_ID}/preview`, {
      method: "POST",
      key: other.live,
      body: { variables: { first_name: "Grace" } },
    });
    expect(system.status).toBe(200);
    expect(system.body.subject).toBe("Welcome aboard, Grace!");
    expect(system.body.html).toContain("Grace");

    const html = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: { name: "H", format: "html", source: "<p>{{ name }}</p>" },
    });
    const htmlPreview = await app.api(`/v1/templates/${html.body.id}/preview`, {
      method: "POST",
      key: project.live,
      body: { variables: { name: "<script>x</script>" } },
    });
    expect(htmlPreview.body.html).toBe("<p>&lt;script&gt;x&lt;/script&gt;</p>");

    expectError(
      await app.api(`/v1/templates/${t.id}/preview`, {
        method: "POST",
        key: project.live,
        body: { variables: [1] },
      }),
      422,
    );
    expectError(
      await app.api(`/v1/templates/${t.id}/preview`, {
        method: "POST",
        key: project.live,
        rawBody: "{oops",
      }),
      400,
      "invalid_json",
    );
    expectError(
      await app.api(`/v1/templates/${t.id}/preview`, { method: "POST", key: other.live, body: {} }),
      404,
    );
    expectError(
      await app.api("/v1/templates/tpl_missing/preview", {
        method: "POST",
        key: project.live,
        body: {},
      }),
      404,
    );
  });

  it("requires a valid key on every route", async () => {
    await expectRequiresKey(app, "GET", "/v1/templates");
    await expectRequiresKey(app, "POST", "/v1/templates");
    await expectRequiresKey(app, "GET", `/v1/templates/${SYSTEM_ID}`);
    await expectRequiresKey(app, "PATCH", `/v1/templates/${SYSTEM_ID}`);
    await expectRequiresKey(app, "DELETE", `/v1/templates/${SYSTEM_ID}`);
    await expectRequiresKey(app, "POST", `/v1/templates/${SYSTEM_ID}/preview`);
  });
});
