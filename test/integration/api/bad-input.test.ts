import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { segments } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";

/**
 * Issue 10 item 4: input the database cannot take or the code should not walk is a 4xx with the
 * DECISIONS §3 body, never a 500 — NUL characters, forged cursors, over-deep JSON, segment fields
 * that do not make a path, unreadable CSV headers. Import runs inline (no worker).
 */
let app: TestApp;
let project: TestProject;

beforeAll(async () => {
  app = await startTestApp({ clock: "fake" });
  project = await app.createProject();
  for (let i = 0; i < 3; i++) {
    const res = await api("/v1/contacts", {
      method: "POST",
      body: { email: `p${i}@example.com`, data: { 'a"b': "q", plan: "pro" } },
    });
    expect(res.status, res.text).toBe(201);
  }
});
afterAll(async () => {
  await app?.close();
});

function api(path: string, init: Parameters<TestApp["api"]>[1] = {}) {
  return app.api(path, { key: project.live, ...init });
}

async function upload(body: string, contentType = "text/csv") {
  const response = await fetch(`${app.baseUrl}/api/v1/contacts/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${project.live}`, "content-type": contentType },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

const deep = (n: number) => "[".repeat(n) + "1" + "]".repeat(n);

describe(`bad input is a 4xx (${TEST_DRIVER})`, () => {
  it("refuses NUL in any JSON string or key with 422 and the path", async () => {
    const name = await api("/v1/contacts", {
      method: "POST",
      body: { email: "nul@example.com", name: "a\u0000b" },
    });
    expectError(name, 422, "validation_error");
    expect(name.body.error.details).toEqual([
      { path: "name", message: expect.stringMatching(/NUL/) },
    ]);

    const key = await api("/v1/events", {
      method: "POST",
      body: { name: "x", data: { list: [1, { "k\u0000": 1 }] } },
    });
    expectError(key, 422, "validation_error");
    expect(key.body.error.details[0].path).toBe("data.list.1.k\\u0000");

    const description = await api("/v1/webhooks", {
      method: "POST",
      body: { url: "https://h.example.com/in", description: "\u0000" },
    });
    expectError(description, 422, "validation_error");
  });

  it("answers an id or query value with NUL as 404 / 422, not 500", async () => {
    expectError(await api("/v1/contacts/%00"), 404, "not_found");
    expectError(await api("/v1/segments/seg_%00/count"), 404, "not_found");
    expectError(await api("/v1/contacts/ct_1%00", { method: "DELETE" }), 404, "not_found");
    expectError(await api("/v1/contacts?email=a%00b"), 422, "validation_error");
  });

  it("answers a forged cursor (valid tag, impossible time or id) with 422", async () => {
    const page = await api("/v1/contacts?limit=1");
    const [, id, tag] = JSON.parse(Buffer.from(page.body.next_cursor, "base64url").toString());
    const forge = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    for (const cursor of [
      forge([8.64e15 + 1, id, tag]), // beyond what a Date holds
      forge([253_402_300_800_000, id, tag]), // year 10000: a Date, but not a timestamptz literal
      forge([-62_198_755_200_000, id, tag]), // year -1
      forge([1.5, id, tag]),
      forge([Date.now(), "ct_\u0000", tag]),
    ]) {
      const res = await api(`/v1/contacts?cursor=${cursor}`);
      expectError(res, 422, "validation_error");
      expect(res.body.error.details[0].path).toBe("cursor");
    }
  });

  it("refuses JSON nested deeper than 32 levels in contact and event data", async () => {
    const contact = await api("/v1/contacts", {
      method: "POST",
      rawBody: `{"email":"deep@example.com","data":{"x":${deep(5_000)}}}`,
      headers: { "content-type": "application/json" },
    });
    expectError(contact, 422, "validation_error");
    expect(contact.body.error.message).toMatch(/32 levels/);
    const event = await api("/v1/events", {
      method: "POST",
      rawBody: `{"name":"x","data":{"x":${deep(40)}}}`,
      headers: { "content-type": "application/json" },
    });
    expectError(event, 422, "validation_error");
    // 32 levels, body included, still go through.
    const ok = await api("/v1/events", {
      method: "POST",
      rawBody: `{"name":"x","data":{"x":${deep(30)}}}`,
      headers: { "content-type": "application/json" },
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it("refuses segment fields that are not a path, and reads a stored one without failing", async () => {
    for (const field of ['data.a"b', "data.{x}", "data.a,b", "data.a\\b"]) {
      const res = await api("/v1/segments", {
        method: "POST",
        body: { name: "bad", conditions: { rules: [{ field, operator: "exists" }] } },
      });
      expectError(res, 422, "validation_error");
      expect(res.body.error.details[0].path).toBe("conditions.rules.0.field");
    }
    // A row written before fields were checked: count, contacts and export still answer.
    const id = newId("seg");
    await app.runtime.db.insert(segments).values({
      id,
      projectId: project.id,
      name: "legacy",
      conditions: { match: "all", rules: [{ field: 'data.a"b', operator: "equals", value: "q" }] },
    });
    const count = await api(`/v1/segments/${id}/count`);
    expect(count.status, count.text).toBe(200);
    expect(count.body.count).toBe(3);
    expect((await api(`/v1/segments/${id}/contacts`)).status).toBe(200);
    const exported = await fetch(`${app.baseUrl}/api/v1/contacts/export?segment=${id}`, {
      headers: { authorization: `Bearer ${project.live}` },
    });
    expect(exported.status).toBe(200);
    expect((await exported.text()).split("\r\n").filter(Boolean)).toHaveLength(4);
  });

  it("refuses a CSV whose header has an unclosed quote, or a file with NUL, with 422", async () => {
    const header = await upload('email,"name\nx@example.com,X\n');
    expect(header.status, header.text).toBe(422);
    expect(header.body.error.message).toMatch(/header row is not valid CSV/);
    expect(header.headers.get("x-request-id")).toMatch(/^req_/);

    const cell = await upload("email,name\nok@example.com,Ok\nnul@example.com,a\u0000b\n");
    expect(cell.status, cell.text).toBe(422);
    expect(cell.body.error.message).toMatch(/^Row 2 contains a NUL character/);

    const headerNul = await upload("email,na\u0000me\nn@example.com,x\n");
    expect(headerNul.status, headerNul.text).toBe(422);
  });

  it("reports an NDJSON row with a \\u0000 escape as that row's error", async () => {
    const res = await upload(
      '{"email":"fine@example.com"}\n{"email":"bad@example.com","data":{"k":"a\\u0000b"}}\n',
      "application/x-ndjson",
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "completed", created: 1, error_count: 1 });
    expect(res.body.errors[0]).toEqual({
      row: 2,
      message: expect.stringMatching(/^data\.k: .*NUL/),
    });
  });
});
