import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suppressAddress } from "@/lib/suppressions/suppress";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey, ISO_MS } from "../../support/checks";

let app: TestApp;
let project: TestProject;
let other: TestProject;

// A fixed clock: every suppression shares created_at, so the email tiebreaker is exercised.
beforeAll(async () => {
  app = await startTestApp({ clock: "fake" });
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
});
afterAll(() => app?.close());

const suppress = (body: unknown, key = project.live) =>
  app.api("/v1/suppressions", { method: "POST", key, body });
const remove = (email: string, key = project.live) =>
  app.api(`/v1/suppressions/${encodeURIComponent(email)}`, { method: "DELETE", key });

describe(`suppressions API (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("creates with 201 (default reason manual) and answers an existing address with 200 unchanged", async () => {
    const created = await suppress({ email: " Bounce@Example.COM ", reason: "hard_bounce" });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      email: "bounce@example.com",
      reason: "hard_bounce",
      created_at: expect.stringMatching(ISO_MS),
    });

    const again = await suppress({ email: "bounce@example.com", reason: "manual" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);

    const manual = await suppress({ email: "someone@example.com" });
    expect(manual.status).toBe(201);
    expect(manual.body.reason).toBe("manual");
  });

  it("answers invalid bodies with 422", async () => {
    const cases: [unknown, string][] = [
      [{}, "email"],
      [{ email: "nope" }, "email"],
      [{ email: 5 }, "email"],
      [{ email: "a@example.com", reason: "spam" }, "reason"],
      [{ email: "a@example.com", reason: null }, "reason"],
    ];
    for (const [body, path] of cases) {
      const response = await suppress(body);
      expectError(response, 422, "validation_error");
      expect(response.body.error.details[0].path, JSON.stringify(body)).toBe(path);
    }
  });

  it("deletes by URL-encoded, case-insensitive email; missing or other project is 404", async () => {
    await suppress({ email: "plus+tag@example.com" });
    expectError(await remove("plus+tag@example.com", other.live), 404, "not_found");
    const deleted = await remove("Plus+Tag@Example.com");
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ email: "plus+tag@example.com", deleted: true });
    expectError(await remove("plus+tag@example.com"), 404, "not_found");
    expectError(await remove("never@example.com"), 404);
    // It can be suppressed again afterwards.
    expect((await suppress({ email: "plus+tag@example.com" })).status).toBe(201);
  });

  it("lists newest first, ties broken by email, with a cursor scoped to the project", async () => {
    const p = await app.createProject({ name: "Listing" });
    const emails = [
      "a@example.com",
      "b@example.com",
      "c@example.com",
      "d@example.com",
      "e@example.com",
    ];
    for (const email of emails) await suppress({ email }, p.live);
    const first = await app.api("/v1/suppressions?limit=2", { key: p.live });
    expect(first.body.data.map((s: { email: string }) => s.email)).toEqual([
      "e@example.com",
      "d@example.com",
    ]);
    expect(first.body.has_more).toBe(true);
    const seen = [...first.body.data];
    let cursor: string | null = first.body.next_cursor;
    while (cursor) {
      const page = await app.api(`/v1/suppressions?limit=2&cursor=${encodeURIComponent(cursor)}`, {
        key: p.live,
      });
      seen.push(...page.body.data);
      cursor = page.body.next_cursor;
    }
    expect(seen.map((s) => s.email)).toEqual([...emails].reverse());

    // A later suppression comes first.
    (app.clock as unknown as { advance(ms: number): void }).advance(1000);
    await suppress({ email: "later@example.com" }, p.live);
    const newest = await app.api("/v1/suppressions?limit=1", { key: p.live });
    expect(newest.body.data[0].email).toBe("later@example.com");

    expect((await app.api("/v1/suppressions", { key: other.live })).body.data).toEqual([]);
    expectError(
      await app.api(`/v1/suppressions?cursor=${encodeURIComponent(first.body.next_cursor)}`, {
        key: project.live,
      }),
      422,
    );
    expectError(await app.api("/v1/suppressions?limit=-1", { key: p.live }), 422);
  });

  it("suppressAddress adds an address once, lower-cased, keeping the first reason", async () => {
    const db = app.runtime.db;
    const isSuppressed = async (_db: typeof db, projectId: string, email: string) =>
      (
        await app.api("/v1/suppressions?limit=100", {
          key: projectId === project.id ? project.live : other.live,
        })
      ).body.data.some((s: { email: string }) => s.email === email.toLowerCase());
    expect(await isSuppressed(db, project.id, "Pipeline@Example.com")).toBe(false);
    const added = await suppressAddress(
      db,
      app.runtime.jobs,
      project.id,
      "Pipeline@Example.com",
      "complaint",
      app.clock.now(),
    );
    expect(added).toMatchObject({
      created: true,
      suppression: { email: "pipeline@example.com", reason: "complaint" },
    });
    expect(await isSuppressed(db, project.id, "pipeline@example.com")).toBe(true);
    expect(await isSuppressed(db, other.id, "pipeline@example.com")).toBe(false);
    const repeat = await suppressAddress(
      db,
      app.runtime.jobs,
      project.id,
      "pipeline@example.com",
      "hard_bounce",
      app.clock.now(),
    );
    expect(repeat).toMatchObject({ created: false, suppression: { reason: "complaint" } });
  });

  it("requires a valid key", async () => {
    await expectRequiresKey(app, "GET", "/v1/suppressions");
    await expectRequiresKey(app, "POST", "/v1/suppressions");
    await expectRequiresKey(app, "DELETE", "/v1/suppressions/a%40example.com");
  });
});
