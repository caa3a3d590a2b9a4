import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailEvents, emails } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { linkSigningKey } from "@/lib/tracking/key";
import { signLink } from "@/lib/tracking/signature";
import { AS_PERSON, insertDeliveredEmail } from "../../support/emails";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey } from "../../support/checks";

let app: TestApp;
let project: TestProject;
let other: TestProject;

const people = [
  {
    email: "ada@acme.test",
    name: "Ada Lovelace",
    data: { plan: "pro", seats: 12, tags: ["vip", "beta"], since: "2025-03-01" },
  },
  {
    email: "grace@navy.test",
    name: "Grace Hopper",
    data: { plan: "free", seats: 2, tags: ["beta"] },
  },
  { email: "alan@acme.test", name: "Alan", subscribed: false, data: { plan: "Pro", seats: "40" } },
  { email: "nobody@else.test", data: {} },
];

beforeAll(async () => {
  app = await startTestApp({ clock: "fake" });
  project = await app.createProject();
  other = await app.createProject({ name: "Other", domain: "other.test" });
  for (const person of people) {
    const res = await app.api("/v1/contacts", { method: "POST", key: project.live, body: person });
    expect(res.status, res.text).toBe(201);
  }
});
afterAll(async () => {
  await app?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

/** The emails a throw-away segment with these rules matches, sorted. */
async function matching(rules: unknown[], match: "all" | "any" = "all") {
  const created = await api("/v1/segments", {
    method: "POST",
    body: { name: "probe", conditions: { match, rules } },
  });
  expect(created.status, created.text).toBe(201);
  const listed = await api(`/v1/segments/${created.body.id}/contacts?limit=100`);
  const count = await api(`/v1/segments/${created.body.id}/count`);
  const found = listed.body.data.map((c: { email: string }) => c.email).sort();
  expect(count.body).toEqual({ id: created.body.id, count: found.length });
  return found;
}

describe(`segments (${TEST_DRIVER})`, () => {
  it("creates, reads, lists, updates and deletes", async () => {
    const created = await api("/v1/segments", {
      method: "POST",
      body: {
        name: "Pros",
        conditions: { rules: [{ field: "data.plan", operator: "equals", value: "pro" }] },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^seg_/),
      name: "Pros",
      conditions: {
        match: "all",
        rules: [{ field: "data.plan", operator: "equals", value: "pro" }],
      },
    });
    const id = created.body.id;
    expect((await api(`/v1/segments/${id}`)).body).toEqual(created.body);
    const patched = await api(`/v1/segments/${id}`, {
      method: "PATCH",
      body: { name: "Pro plan" },
    });
    expect(patched.body.name).toBe("Pro plan");
    const list = await api("/v1/segments");
    expect(list.body.data[0].id).toBe(id);
    expect((await api(`/v1/segments/${id}`, { method: "DELETE" })).body).toEqual({
      id,
      deleted: true,
    });
    expectError(await api(`/v1/segments/${id}`), 404);
  });

  it("matches contact fields and data with every operator", async () => {
    expect(await matching([{ field: "data.plan", operator: "equals", value: "PRO" }])).toEqual([
      "ada@acme.test",
      "alan@acme.test",
    ]);
    expect(await matching([{ field: "data.plan", operator: "not_equals", value: "pro" }])).toEqual([
      "grace@navy.test",
      "nobody@else.test",
    ]);
    expect(await matching([{ field: "data.tags", operator: "contains", value: "VIP" }])).toEqual([
      "ada@acme.test",
    ]);
    expect(
      await matching([{ field: "data.tags", operator: "not_contains", value: "beta" }]),
    ).toEqual(["alan@acme.test", "nobody@else.test"]);
    expect(
      await matching([{ field: "email", operator: "ends_with", value: "@acme.test" }]),
    ).toEqual(["ada@acme.test", "alan@acme.test"]);
    expect(await matching([{ field: "name", operator: "starts_with", value: "gr" }])).toEqual([
      "grace@navy.test",
    ]);
    expect(await matching([{ field: "data.seats", operator: "gt", value: 10 }])).toEqual([
      "ada@acme.test",
      "alan@acme.test",
    ]);
    expect(await matching([{ field: "data.seats", operator: "lte", value: "2" }])).toEqual([
      "grace@navy.test",
    ]);
    expect(await matching([{ field: "data.since", operator: "lt", value: "2026-01-01" }])).toEqual([
      "ada@acme.test",
    ]);
    expect(
      await matching([{ field: "created_at", operator: "gte", value: "2026-01-01T00:00:00Z" }]),
    ).toHaveLength(4);
    expect(await matching([{ field: "name", operator: "exists" }])).toEqual([
      "ada@acme.test",
      "alan@acme.test",
      "grace@navy.test",
    ]);
    expect(await matching([{ field: "data.plan", operator: "not_exists" }])).toEqual([
      "nobody@else.test",
    ]);
    expect(
      await matching([{ field: "data.plan", operator: "in", value: ["free", "enterprise"] }]),
    ).toEqual(["grace@navy.test"]);
    expect(await matching([{ field: "source", operator: "not_in", value: ["api"] }])).toEqual([]);
    expect(await matching([{ field: "subscribed", operator: "equals", value: false }])).toEqual([
      "alan@acme.test",
    ]);
    expect(
      await matching(
        [
          { field: "data.plan", operator: "equals", value: "free" },
          { field: "email", operator: "contains", value: "nobody" },
        ],
        "any",
      ),
    ).toEqual(["grace@navy.test", "nobody@else.test"]);
    expect(await matching([])).toHaveLength(4);
  });

  it("matches engagement: opened or clicked an email in the last N days", async () => {
    const now = app.clock.now();
    const email = newId("em", now.getTime());
    await app.runtime.db.insert(emails).values({
      id: email,
      projectId: project.id,
      type: "campaign",
      status: "delivered",
      fromAddress: "hello@mail.test",
      to: "grace@navy.test",
      subject: "Hi",
      trackingToken: `tok_${email}`,
      createdAt: now,
      updatedAt: now,
    });
    const tenDaysAgo = new Date(now.getTime() - 10 * 86_400_000);
    await app.runtime.db.insert(emailEvents).values({
      id: newId("eev"),
      projectId: project.id,
      emailId: email,
      type: "opened",
      createdAt: tenDaysAgo,
    });
    // Another project's open of a message to ada must not count here.
    const foreign = newId("em", now.getTime());
    await app.runtime.db.insert(emails).values({
      id: foreign,
      projectId: other.id,
      type: "campaign",
      status: "delivered",
      fromAddress: "hello@other.test",
      to: "ada@acme.test",
      subject: "Hi",
      trackingToken: `tok_${foreign}`,
      createdAt: now,
      updatedAt: now,
    });
    await app.runtime.db.insert(emailEvents).values({
      id: newId("eev"),
      projectId: other.id,
      emailId: foreign,
      type: "opened",
      createdAt: tenDaysAgo,
    });
    expect(
      await matching([{ field: "email.opened", operator: "in_last_days", value: 30 }]),
    ).toEqual(["grace@navy.test"]);
    expect(await matching([{ field: "email.opened", operator: "in_last_days", value: 7 }])).toEqual(
      [],
    );
    expect(
      await matching([{ field: "email.clicked", operator: "in_last_days", value: 30 }]),
    ).toEqual([]);
    expect(
      await matching([{ field: "email.opened", operator: "not_in_last_days", value: 30 }]),
    ).toHaveLength(3);
  });

  it("engagement rules count a person's opens and clicks, not a machine's", async () => {
    const signingKey = await linkSigningKey(app.runtime);
    const email = await insertDeliveredEmail(app, project.id, "alan@acme.test");
    const pixel = `${app.baseUrl}/api/t/o/${email.trackingToken}.gif`;
    const url = "https://acme.test/pricing";
    const link = `${app.baseUrl}/api/t/c/${email.trackingToken}?u=${encodeURIComponent(url)}&s=${signLink(signingKey, email.trackingToken, url)}`;
    const opened = [{ field: "email.opened", operator: "in_last_days", value: 1 }];
    const clicked = [{ field: "email.clicked", operator: "in_last_days", value: 1 }];

    // Apple's prefetch, a HEAD, and a click as the email arrives: machines, engagement of nobody.
    await fetch(pixel, { headers: { "user-agent": "Mozilla/5.0" } });
    await fetch(pixel, { method: "HEAD", ...AS_PERSON });
    await fetch(link, { redirect: "manual", ...AS_PERSON });
    expect(await matching(opened)).toEqual([]);
    expect(await matching(clicked)).toEqual([]);

    await fetch(pixel, AS_PERSON);
    app.clock.advance!(10_000);
    await fetch(link, { redirect: "manual", ...AS_PERSON });
    expect(await matching(opened)).toEqual(["alan@acme.test"]);
    expect(await matching(clicked)).toEqual(["alan@acme.test"]);
  });

  it("answers bad conditions with 422 and field paths", async () => {
    const bad = async (conditions: unknown) => {
      const res = await api("/v1/segments", { method: "POST", body: { name: "Bad", conditions } });
      expectError(res, 422);
      return res.body.error.details.map((d: { path: string }) => d.path);
    };
    expect(await bad({ match: "some", rules: [] })).toContain("conditions.match");
    expect(await bad({ rules: [{ field: "password", operator: "equals", value: "x" }] })).toEqual([
      "conditions.rules.0.field",
    ]);
    expect(await bad({ rules: [{ field: "data.plan", operator: "in", value: "pro" }] })).toEqual([
      "conditions.rules.0.value",
    ]);
    expect(
      await bad({ rules: [{ field: "email.opened", operator: "in_last_days", value: 0 }] }),
    ).toEqual(["conditions.rules.0.value"]);
    expect(await bad("everyone")).toEqual(["conditions"]);
    const noName = await api("/v1/segments", {
      method: "POST",
      body: { conditions: { rules: [] } },
    });
    expectError(noName, 422);
  });

  it("is scoped to the project and needs a key", async () => {
    const created = await api("/v1/segments", {
      method: "POST",
      body: { name: "Mine", conditions: {} },
    });
    const id = created.body.id;
    expectError(await app.api(`/v1/segments/${id}`, { key: other.live }), 404);
    expectError(await app.api(`/v1/segments/${id}/contacts`, { key: other.live }), 404);
    expectError(await app.api(`/v1/segments/${id}`, { method: "DELETE", key: other.live }), 404);
    await expectRequiresKey(app, "GET", "/v1/segments");
  });
});
