import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
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

describe(`contacts API (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  // Concurrent upserts share transactions (lib/contacts/upsert.ts): each was its own before.
  it("writes concurrent upserts in shared transactions, with webhooks for the project that listens", async () => {
    const listening = await app.createProject({ name: "Listening" });
    const quiet = await app.createProject({ name: "Quiet" });
    const endpoint = await app.api("/v1/webhooks", {
      method: "POST",
      key: listening.live,
      body: { url: "https://hooks.example/contacts", events: ["contact.created"] },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const writes = Array.from({ length: 24 }, (_, i) =>
      app.api("/v1/contacts", {
        method: "POST",
        key: i % 2 ? listening.live : quiet.live,
        body: { email: `grouped${i}@example.com` },
      }),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(201));
    const rows = await app.runtime.handle.query<{ tx: string }>(
      `select xmin::text as tx from contacts where id = any($1)`,
      [answers.map((a) => a.body.id)],
    );
    expect(rows).toHaveLength(24);
    // PGlite runs each statement in this process's thread, so requests seldom overlap there.
    if (TEST_DRIVER === "postgres") expect(new Set(rows.map((r) => r.tx)).size).toBeLessThan(12);
    const deliveries = await app.runtime.handle.query<{ project_id: string; payload: string }>(
      `select project_id, payload from webhook_deliveries where project_id = any($1)`,
      [[listening.id, quiet.id]],
    );
    expect(deliveries.every((d) => d.project_id === listening.id)).toBe(true);
    const announced = deliveries.map((d) => JSON.parse(d.payload).data.email).sort();
    const expected = answers.filter((_, i) => i % 2).map((a) => a.body.email as string);
    expect(announced).toEqual(expected.sort());
  });

  it("creates with 201, then upserts by lowercased email with 200 and merges data", async () => {
    const created = await app.api("/v1/contacts", {
      method: "POST",
      key: project.live,
      body: { email: "  Ada@Example.COM ", name: "", data: { plan: "free", keep: 1 } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: "ada@example.com",
      name: null,
      subscribed: true,
      source: "api",
      data: { plan: "free", keep: 1 },
    });
    expect(created.body.id).toMatch(/^ct_/);
    expect(created.body.created_at).toMatch(ISO_MS);

    const updated = await app.api("/v1/contacts", {
      method: "POST",
      key: project.live,
      body: { email: "ada@example.com", name: "Ada", data: { plan: "pro", keep: null } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      name: "Ada",
      subscribed: true,
      data: { plan: "pro" },
    });
    expect(updated.body.data).not.toHaveProperty("keep");
  });

  it("rejects array data, bad email and wrong types with 422 details", async () => {
    const arrayData = await app.api("/v1/contacts", {
      method: "POST",
      key: project.live,
      body: { email: "x@example.com", data: [1, 2] },
    });
    expectError(arrayData, 422, "validation_error");
    expect(arrayData.body.error.details[0].path).toBe("data");
    expectError(
      await app.api("/v1/contacts", { method: "POST", key: project.live, body: { email: "nope" } }),
      422,
    );
    expectError(
      await app.api("/v1/contacts", {
        method: "POST",
        key: project.live,
        body: { email: "a@b.co", subscribed: "yes" },
      }),
      422,
    );
    expectError(
      await app.api("/v1/contacts", { method: "POST", key: project.live, body: [] }),
      422,
    );
  });

  it("answers malformed JSON with 400 and oversized bodies with 413", async () => {
    expectError(
      await app.api("/v1/contacts", { method: "POST", key: project.live, rawBody: "{nope" }),
      400,
      "invalid_json",
    );
    const big = "x".repeat(10 * 1024 * 1024 + 10);
    expectError(
      await app.api("/v1/contacts", { method: "POST", key: project.live, rawBody: big }),
      413,
    );
  });

  it("gets, patches and deletes; email cannot change; other projects get 404", async () => {
    const { body: contact } = await app.api("/v1/contacts", {
      method: "POST",
      key: project.live,
      body: { email: "grace@example.com", data: { a: 1 } },
    });
    const fetched = await app.api(`/v1/contacts/${contact.id}`, { key: project.live });
    expect(fetched.body).toEqual(contact);

    const patched = await app.api(`/v1/contacts/${contact.id}`, {
      method: "PATCH",
      key: project.live,
      body: { subscribed: false, data: { b: 2 } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ subscribed: false, data: { a: 1, b: 2 }, name: null });

    expectError(
      await app.api(`/v1/contacts/${contact.id}`, {
        method: "PATCH",
        key: project.live,
        body: { email: "new@example.com" },
      }),
      422,
    );
    expectError(await app.api(`/v1/contacts/${contact.id}`, { key: other.live }), 404);
    expectError(
      await app.api(`/v1/contacts/${contact.id}`, { method: "DELETE", key: other.live }),
      404,
    );

    const deleted = await app.api(`/v1/contacts/${contact.id}`, {
      method: "DELETE",
      key: project.live,
    });
    expect(deleted.body).toEqual({ id: contact.id, deleted: true });
    expectError(await app.api(`/v1/contacts/${contact.id}`, { key: project.live }), 404);
  });

  it("pages newest first with an opaque cursor and filters by email and subscribed", async () => {
    const p = await app.createProject({ name: "Paging" });
    for (let i = 0; i < 7; i++) {
      await app.api("/v1/contacts", {
        method: "POST",
        key: p.live,
        body: { email: `p${i}@example.com`, subscribed: i % 2 === 0 },
      });
    }
    const first = await app.api("/v1/contacts?limit=3", { key: p.live });
    expect(first.body.data.map((c: { email: string }) => c.email)).toEqual([
      "p6@example.com",
      "p5@example.com",
      "p4@example.com",
    ]);
    expect(first.body.has_more).toBe(true);
    const seen = [...first.body.data];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await app.api(`/v1/contacts?limit=3&cursor=${encodeURIComponent(cursor)}`, {
        key: p.live,
      });
      seen.push(...page.body.data);
      cursor = page.body.next_cursor;
      if (!page.body.has_more) expect(cursor).toBeNull();
    }
    expect(seen).toHaveLength(7);

    const subscribed = await app.api("/v1/contacts?subscribed=true", { key: p.live });
    expect(subscribed.body.data).toHaveLength(4);
    const byEmail = await app.api("/v1/contacts?email=P3@Example.com", { key: p.live });
    expect(byEmail.body.data.map((c: { email: string }) => c.email)).toEqual(["p3@example.com"]);

    expectError(
      await app.api(`/v1/contacts?cursor=${encodeURIComponent(first.body.next_cursor)}`, {
        key: project.live,
      }),
      422,
    );
    expectError(await app.api("/v1/contacts?limit=0", { key: p.live }), 422);
    expectError(await app.api("/v1/contacts?subscribed=maybe", { key: p.live }), 422);
    expect((await app.api("/v1/contacts?limit=1000", { key: p.live })).status).toBe(200);
  });

  it("requires a valid key and answers unknown routes with JSON 404", async () => {
    await expectRequiresKey(app, "GET", "/v1/contacts");
    expectError(await app.api("/v1/nothing-here", { key: project.live }), 404, "route_not_found");
  });
});
