import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";

/** DECISIONS §13: topics, a contact's subscriptions, and where they are chosen. */
let app: TestApp;
let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  app = await startTestApp({ clock: "fake" });
  project = await app.createProject({ domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
});
afterAll(() => app?.close());

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

async function topic(body: Record<string, unknown>) {
  const res = await api("/v1/topics", { method: "POST", body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}

async function contact(body: Record<string, unknown>) {
  const res = await api("/v1/contacts", { method: "POST", body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

const subscriptions = async (contactId: string) =>
  Object.fromEntries(
    (await api(`/v1/contacts/${contactId}/topics`)).body.data.map(
      (t: { name: string; subscription: string; explicit: boolean }) => [
        t.name,
        `${t.subscription}${t.explicit ? "" : " (default)"}`,
      ],
    ),
  );

describe(`topics (${TEST_DRIVER})`, () => {
  it("creates with defaults, reads, lists newest first, updates and deletes", async () => {
    const created = await api("/v1/topics", {
      method: "POST",
      body: { name: "  Product updates ", description: "Monthly" },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^tp_/),
      name: "Product updates",
      description: "Monthly",
      default_subscription: "opt_in",
      visibility: "public",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.id as string;
    app.clock.advance!(1000);
    const second = await topic({
      name: "Beta",
      default_subscription: "opt_out",
      visibility: "private",
    });

    expect((await api(`/v1/topics/${id}`)).body).toEqual(created.body);
    const list = await api("/v1/topics?limit=1");
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([second.id]);
    const next = await api(`/v1/topics?limit=1&cursor=${list.body.next_cursor}`);
    expect(next.body.data.map((t: { id: string }) => t.id)).toEqual([id]);

    const patched = await api(`/v1/topics/${id}`, {
      method: "PATCH",
      body: { description: null, visibility: "private" },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      name: "Product updates",
      description: null,
      visibility: "private",
    });

    // Another project sees none of it.
    expect((await app.api(`/v1/topics/${id}`, { key: other.live })).status).toBe(404);
    expect((await app.api("/v1/topics", { key: other.live })).body.data).toEqual([]);

    const deleted = await api(`/v1/topics/${second.id}`, { method: "DELETE" });
    expect(deleted.body).toEqual({ id: second.id, deleted: true });
    expect((await api(`/v1/topics/${second.id}`)).status).toBe(404);
    await api(`/v1/topics/${id}`, { method: "DELETE" });
  });

  it("refuses a second topic of the same name in any case (409 topic_exists), and bad fields (422)", async () => {
    const news = await topic({ name: "Newsletter" });
    await expectError(
      await api("/v1/topics", { method: "POST", body: { name: "newsletter" } }),
      409,
      "topic_exists",
    );
    const other = await topic({ name: "Events" });
    await expectError(
      await api(`/v1/topics/${other.id}`, { method: "PATCH", body: { name: "NEWSLETTER" } }),
      409,
      "topic_exists",
    );
    const bad = await api("/v1/topics", {
      method: "POST",
      body: { name: "x".repeat(101), default_subscription: "maybe", visibility: "secret" },
    });
    await expectError(bad, 422, "validation_error");
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "default_subscription",
      "name",
      "visibility",
    ]);
    await api(`/v1/topics/${news.id}`, { method: "DELETE" });
    await api(`/v1/topics/${other.id}`, { method: "DELETE" });
  });

  it("a contact's subscription is its choice, else the topic's default; set by PATCH and by the upsert", async () => {
    const weekly = await topic({ name: "Weekly" });
    const beta = await topic({
      name: "Beta program",
      default_subscription: "opt_out",
      visibility: "private",
    });
    const ada = await contact({ email: "ada@example.com" });
    expect(await subscriptions(ada.id)).toEqual({
      Weekly: "opt_in (default)",
      "Beta program": "opt_out (default)",
    });

    const patched = await api(`/v1/contacts/${ada.id}/topics`, {
      method: "PATCH",
      body: { topics: [{ id: beta.id, subscription: "opt_in" }] },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toContainEqual({
      id: beta.id,
      name: "Beta program",
      description: null,
      visibility: "private",
      subscription: "opt_in",
      explicit: true,
    });
    expect(await subscriptions(ada.id)).toEqual({
      Weekly: "opt_in (default)",
      "Beta program": "opt_in",
    });

    // The upsert takes the same array, on create and on update.
    const grace = await contact({
      email: "grace@example.com",
      topics: [{ id: weekly.id, subscription: "opt_out" }],
    });
    expect(await subscriptions(grace.id)).toEqual({
      Weekly: "opt_out",
      "Beta program": "opt_out (default)",
    });
    const again = await api("/v1/contacts", {
      method: "POST",
      body: { email: "grace@example.com", topics: [{ id: weekly.id, subscription: "opt_in" }] },
    });
    expect(again.status, again.text).toBe(200);
    expect((await subscriptions(grace.id)).Weekly).toBe("opt_in");

    // A default that changes applies to whoever has not chosen.
    await api(`/v1/topics/${weekly.id}`, {
      method: "PATCH",
      body: { default_subscription: "opt_out" },
    });
    expect((await subscriptions(ada.id)).Weekly).toBe("opt_out (default)");
    await api(`/v1/topics/${weekly.id}`, {
      method: "PATCH",
      body: { default_subscription: "opt_in" },
    });
  });

  it("refuses unknown, foreign and repeated topic ids without changing anything", async () => {
    const mine = await topic({ name: "Mine" });
    const foreign = await app.api("/v1/topics", {
      method: "POST",
      key: other.live,
      body: { name: "Theirs" },
    });
    const unknown = await api("/v1/contacts", {
      method: "POST",
      body: {
        email: "nobody@example.com",
        topics: [
          { id: mine.id, subscription: "opt_out" },
          { id: foreign.body.id, subscription: "opt_in" },
        ],
      },
    });
    await expectError(unknown, 422, "validation_error");
    expect(unknown.body.error.details).toEqual([
      { path: "topics[1].id", message: expect.stringContaining("is not a topic of this project") },
    ]);
    // Neither the contact nor its first choice was kept.
    expect((await api("/v1/contacts?email=nobody@example.com")).body.data).toEqual([]);

    const ada = (await api("/v1/contacts?email=ada@example.com")).body.data[0];
    const twice = await api(`/v1/contacts/${ada.id}/topics`, {
      method: "PATCH",
      body: {
        topics: [
          { id: mine.id, subscription: "opt_out" },
          { id: mine.id, subscription: "opt_in" },
        ],
      },
    });
    await expectError(twice, 422, "validation_error");
    const bad = await api(`/v1/contacts/${ada.id}/topics`, {
      method: "PATCH",
      body: { topics: [{ id: mine.id, subscription: "yes" }] },
    });
    await expectError(bad, 422, "validation_error");
    expect((await subscriptions(ada.id)).Mine).toBe("opt_in (default)");
    expect((await api("/v1/contacts/ct_missing/topics")).status).toBe(404);
    await api(`/v1/topics/${mine.id}`, { method: "DELETE" });
  });

  it("segments select by topic subscription, defaults included", async () => {
    const digest = await topic({ name: "Digest", default_subscription: "opt_out" });
    const kim = await contact({
      email: "kim@example.com",
      topics: [{ id: digest.id, subscription: "opt_in" }],
    });
    const members = async (operator: string) => {
      const seg = await api("/v1/segments", {
        method: "POST",
        body: {
          name: operator,
          conditions: { rules: [{ field: "topic", operator, value: digest.id }] },
        },
      });
      expect(seg.status, seg.text).toBe(201);
      const listed = await api(`/v1/segments/${seg.body.id}/contacts?limit=100`);
      return listed.body.data.map((c: { id: string }) => c.id);
    };
    expect(await members("opted_in")).toEqual([kim.id]);
    const out = await members("opted_out");
    expect(out).not.toContain(kim.id);
    expect(out.length).toBeGreaterThan(0);

    const foreign = await api("/v1/segments", {
      method: "POST",
      body: {
        name: "x",
        conditions: { rules: [{ field: "topic", operator: "opted_in", value: "tp_nope" }] },
      },
    });
    await expectError(foreign, 422, "validation_error");
    expect(foreign.body.error.details[0].path).toBe("conditions.rules[0].value");
    const wrongOperator = await api("/v1/segments", {
      method: "POST",
      body: {
        name: "x",
        conditions: { rules: [{ field: "topic", operator: "equals", value: digest.id }] },
      },
    });
    await expectError(wrongOperator, 422, "validation_error");
  });
});
