import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automationRuns, events } from "@/db/schema";
import { listEvents } from "@/lib/events/list";
import { newId } from "@/lib/core/ids";
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

const post = (path: string, body: unknown, key = project.live) =>
  app.api(path, { method: "POST", key, body });

/** A live automation with one step; returns its id. */
async function liveAutomation(key: string, trigger: unknown, name = "Flow") {
  const created = await post(
    "/v1/automations",
    { name, trigger, steps: [{ type: "delay", delayMinutes: 10 }] },
    key,
  );
  expect(created.status, created.text).toBe(201);
  const live = await app.api(`/v1/automations/${created.body.id}`, {
    method: "PATCH",
    key,
    body: { status: "live" },
  });
  expect(live.body.status).toBe("live");
  return created.body.id as string;
}

const runsOf = (automationId: string) =>
  app.runtime.db.select().from(automationRuns).where(eq(automationRuns.automationId, automationId));

describe(`events API (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("records an event for a known email (case-insensitive) with 201 and the event resource", async () => {
    const { body: contact } = await post("/v1/contacts", { email: "known@example.com" });
    const response = await post("/v1/events", {
      name: " user.logged_in ",
      email: "Known@Example.com",
      data: { ip: "1.2.3.4" },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^evt_/),
      name: "user.logged_in",
      contact_id: contact.id,
      created_at: expect.stringMatching(ISO_MS),
    });
    const [row] = await app.runtime.db.select().from(events).where(eq(events.id, response.body.id));
    expect(row).toMatchObject({
      projectId: project.id,
      email: "known@example.com",
      data: { ip: "1.2.3.4" },
    });
  });

  it("records events without a known contact with contact_id null", async () => {
    const unknown = await post("/v1/events", {
      name: "page.viewed",
      email: "stranger@example.com",
    });
    expect(unknown.status).toBe(201);
    expect(unknown.body.contact_id).toBeNull();
    const anonymous = await post("/v1/events", { name: "page.viewed" });
    expect(anonymous.status).toBe(201);
    expect(anonymous.body.contact_id).toBeNull();
    // A contact of another project is not visible to this one.
    await post("/v1/contacts", { email: "theirs@example.com" }, other.live);
    expect(
      (await post("/v1/events", { name: "x", email: "theirs@example.com" })).body.contact_id,
    ).toBeNull();
  });

  // Concurrent events share transactions (lib/events/record.ts): each was its own before.
  it("records concurrent events in shared transactions, each attributed and enrolling", async () => {
    const p = await app.createProject({ name: "Grouped" });
    const automation = await liveAutomation(p.live, { event: "event", name: "plan.upgraded" });
    const people = Array.from({ length: 20 }, (_, i) => `group${i}@example.com`);
    const contacts = await Promise.all(
      people.map((email) => post("/v1/contacts", { email }, p.live)),
    );
    const answers = await Promise.all(
      people.map((email) => post("/v1/events", { name: "plan.upgraded", email }, p.live)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(answers.map((a) => a.body.contact_id)).toEqual(contacts.map((c) => c.body.id));
    const rows = await app.runtime.handle.query<{ tx: string }>(
      `select xmin::text as tx from events where id = any($1)`,
      [answers.map((a) => a.body.id)],
    );
    expect(rows).toHaveLength(20);
    // PGlite runs each statement in this process's thread, so requests seldom overlap there.
    if (TEST_DRIVER === "postgres") expect(new Set(rows.map((r) => r.tx)).size).toBeLessThan(10);
    const runs = await runsOf(automation);
    expect(runs.map((r) => r.contactId).sort()).toEqual(contacts.map((c) => c.body.id).sort());
  });

  it("answers invalid bodies with 422", async () => {
    const cases: [unknown, string][] = [
      [{}, "name"],
      [{ email: "a@example.com" }, "name"],
      [{ name: "" }, "name"],
      [{ name: 5 }, "name"],
      [{ name: "n".repeat(201) }, "name"],
      [{ name: "x", email: "not-an-email" }, "email"],
      [{ name: "x", data: [1, 2] }, "data"],
      [{ name: "x", data: "text" }, "data"],
    ];
    for (const [body, path] of cases) {
      const response = await post("/v1/events", body);
      expectError(response, 422, "validation_error");
      expect(response.body.error.details[0].path, JSON.stringify(body)).toBe(path);
    }
    expectError(await post("/v1/events", [{ name: "x" }]), 422);
    expectError(
      await app.api("/v1/events", { method: "POST", key: project.live, rawBody: "{oops" }),
      400,
      "invalid_json",
    );
  });

  it("enrolls the contact in live automations for that event once, and drafts enroll nobody", async () => {
    const p = await app.createProject({ name: "Enroll" });
    const live = await liveAutomation(p.live, { event: "event", name: "user.signed_up" });
    const { body: draft } = await post(
      "/v1/automations",
      { name: "Draft", trigger: { event: "event", name: "user.signed_up" } },
      p.live,
    );
    const elsewhere = await liveAutomation(p.live, { event: "event", name: "user.upgraded" });
    const { body: contact } = await post("/v1/contacts", { email: "new@example.com" }, p.live);

    const first = await post(
      "/v1/events",
      { name: "user.signed_up", email: "new@example.com", data: { plan: "pro" } },
      p.live,
    );
    expect(first.status).toBe(201);
    const runs = await runsOf(live);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ contactId: contact.id, status: "active", projectId: p.id });
    expect(runs[0]!.context).toMatchObject({
      event: { plan: "pro" },
      event_name: "user.signed_up",
      event_id: first.body.id,
    });

    await post("/v1/events", { name: "user.signed_up", email: "new@example.com" }, p.live);
    expect(await runsOf(live)).toHaveLength(1);
    expect(await runsOf(draft.id)).toHaveLength(0);
    expect(await runsOf(elsewhere)).toHaveLength(0);

    // An event for an unknown address enrolls nobody.
    await post("/v1/events", { name: "user.signed_up", email: "ghost@example.com" }, p.live);
    expect(await runsOf(live)).toHaveLength(1);
  });

  it("wakes the contact's runs waiting for the event", async () => {
    const p = await app.createProject({ name: "Wake" });
    const automationId = await liveAutomation(p.live, { event: "event", name: "cart.created" });
    const { body: contact } = await post("/v1/contacts", { email: "buyer@example.com" }, p.live);
    const { body: bystander } = await post(
      "/v1/contacts",
      { email: "bystander@example.com" },
      p.live,
    );
    const waiting = {
      status: "waiting" as const,
      waitEvent: "order.paid",
      resumeAt: new Date(Date.now() + 3_600_000),
    };
    const mine = newId("run");
    const theirs = newId("run");
    await app.runtime.db.insert(automationRuns).values([
      { id: mine, projectId: p.id, automationId, contactId: contact.id, ...waiting },
      { id: theirs, projectId: p.id, automationId, contactId: bystander.id, ...waiting },
    ]);

    await post(
      "/v1/events",
      { name: "order.paid", email: "buyer@example.com", data: { total: 42 } },
      p.live,
    );
    const rows = await app.runtime.db
      .select()
      .from(automationRuns)
      .where(inArray(automationRuns.id, [mine, theirs]));
    const woken = rows.find((r) => r.id === mine)!;
    expect(woken).toMatchObject({ status: "active", waitEvent: null, resumeAt: null });
    expect(woken.context).toMatchObject({ event: { total: 42 }, wait: { outcome: "event" } });
    expect(rows.find((r) => r.id === theirs)!.status).toBe("waiting");
  });

  it("enrolls a newly created subscribed contact in live contact.subscribed automations", async () => {
    const p = await app.createProject({ name: "Subscribed" });
    const automationId = await liveAutomation(p.live, { event: "contact.subscribed" });
    const { body: subscribed } = await post("/v1/contacts", { email: "sub@example.com" }, p.live);
    await post("/v1/contacts", { email: "unsub@example.com", subscribed: false }, p.live);
    await post("/v1/contacts", { email: "sub@example.com", name: "Again" }, p.live);
    const runs = await runsOf(automationId);
    expect(runs.map((r) => r.contactId)).toEqual([subscribed.id]);
    const mine = await app.runtime.db
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.projectId, p.id), eq(automationRuns.contactId, subscribed.id)));
    expect(mine).toHaveLength(1);
  });

  it("lists recorded events per contact, newest first, through the listEvents service", async () => {
    const p = await app.createProject({ name: "Timeline" });
    const { body: contact } = await post("/v1/contacts", { email: "t@example.com" }, p.live);
    for (const name of ["one", "two", "three"]) {
      await post("/v1/events", { name, email: "t@example.com", data: { name } }, p.live);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await post("/v1/events", { name: "anonymous" }, p.live);
    const ctx = app.ctx(p.id);
    const first = await listEvents(ctx, { contactId: contact.id, limit: 2 });
    expect(first.data.map((e) => e.name)).toEqual(["three", "two"]);
    expect(first.data[0]).toMatchObject({
      contact_id: contact.id,
      email: "t@example.com",
      data: { name: "three" },
    });
    const rest = await listEvents(ctx, {
      contactId: contact.id,
      limit: 2,
      cursor: first.next_cursor!,
    });
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    expect(rest.data.map((e) => e.name)).toEqual(["one"]);
    expect((await listEvents(ctx, {})).data).toHaveLength(4);
    await expect(listEvents(ctx, { cursor: first.next_cursor! })).rejects.toMatchObject({
      status: 422,
    });
    const otherCtx = { ...ctx, projectId: other.id };
    expect((await listEvents(otherCtx, { contactId: contact.id })).data).toEqual([]);
  });

  it("the events log filters by name and by address, including addresses that are no contact", async () => {
    const p = await app.createProject({ name: "Log" });
    const { body: contact } = await post("/v1/contacts", { email: "ada@example.com" }, p.live);
    // A few milliseconds apart so "newest first" has one answer.
    const later = () => new Promise((resolve) => setTimeout(resolve, 3));
    await post("/v1/events", { name: "plan.upgraded", email: "ada@example.com" }, p.live);
    await later();
    await post("/v1/events", { name: "page.viewed", email: "Nobody@Example.com" }, p.live);
    await later();
    await post("/v1/events", { name: "page.viewed", data: { path: "/pricing" } }, p.live);
    const ctx = app.ctx(p.id);

    const all = await listEvents(ctx, {});
    expect(all.data.map((e) => [e.name, e.email, e.contact_id])).toEqual([
      ["page.viewed", null, null],
      ["page.viewed", "nobody@example.com", null],
      ["plan.upgraded", "ada@example.com", contact.id],
    ]);
    expect(all.data[0]!.data).toEqual({ path: "/pricing" });

    const views = await listEvents(ctx, { name: "page.viewed", limit: 1 });
    expect(views.data.map((e) => e.email)).toEqual([null]);
    const older = await listEvents(ctx, { name: "page.viewed", cursor: views.next_cursor! });
    expect(older.data.map((e) => e.email)).toEqual(["nobody@example.com"]);
    // A cursor of the filtered log is refused on the whole log.
    await expect(listEvents(ctx, { cursor: views.next_cursor! })).rejects.toMatchObject({
      status: 422,
    });

    const unknown = await listEvents(ctx, { email: " NOBODY@example.com " });
    expect(unknown.data.map((e) => [e.name, e.contact_id])).toEqual([["page.viewed", null]]);
    expect((await listEvents(ctx, { email: "ada@example.com", name: "page.viewed" })).data).toEqual(
      [],
    );
    expect(
      (await listEvents({ ...ctx, projectId: other.id }, { name: "page.viewed" })).data,
    ).toEqual([]);
  });

  it("requires a valid key", async () => {
    await expectRequiresKey(app, "POST", "/v1/events");
  });
});
