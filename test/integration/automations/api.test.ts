import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automationRuns, automations, contacts, templates } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey, ISO_MS } from "../../support/checks";

let app: TestApp;
let project: TestProject;
let other: TestProject;
let templateId: string;
let otherTemplateId: string;
let systemTemplateId: string;

/** Inserts a template row directly (the templates API is another domain). */
async function insertTemplate(projectId: string | null) {
  const id = newId("tpl");
  await app.runtime.db.insert(templates).values({
    id,
    projectId,
    name: "Welcome",
    category: "General",
    subject: "Hi",
    isSystem: projectId === null,
  });
  return id;
}

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
  templateId = await insertTemplate(project.id);
  otherTemplateId = await insertTemplate(other.id);
  systemTemplateId = await insertTemplate(null);
});
afterAll(() => app?.close());

const create = (body: unknown, key = project.live) =>
  app.api("/v1/automations", { method: "POST", key, body });
const patch = (id: string, body: unknown, key = project.live) =>
  app.api(`/v1/automations/${id}`, { method: "PATCH", key, body });

describe(`automations API (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("creates a draft with generated ids, dropped pointers and step_count", async () => {
    const response = await create({
      name: "Onboarding",
      steps: [
        { type: "email", templateId, next: "end", color: "ignored" },
        { id: "wait", type: "delay", delayMinutes: 60, next: "missing" },
        { id: "end", type: "email", templateId: systemTemplateId, next: null },
      ],
    });
    expect(response.status, response.text).toBe(201);
    const automation = response.body;
    expect(Object.keys(automation).sort()).toEqual(
      [
        "created_at",
        "id",
        "name",
        "paused",
        "status",
        "step_count",
        "steps",
        "trigger",
        "updated_at",
      ].sort(),
    );
    expect(automation).toMatchObject({
      name: "Onboarding",
      status: "draft",
      trigger: { event: "contact.subscribed" },
      step_count: 3,
    });
    expect(automation.id).toMatch(/^aut_/);
    expect(automation.created_at).toMatch(ISO_MS);
    expect(automation.steps[0]).toEqual({
      id: expect.stringMatching(/^step_/),
      type: "email",
      templateId,
      next: "end",
    });
    expect(automation.steps[1]).toEqual({ id: "wait", type: "delay", delayMinutes: 60 });
    expect(automation.steps[2]).toMatchObject({ id: "end", next: null });
    // GET adds the live counters; a new automation has none yet.
    expect((await app.api(`/v1/automations/${automation.id}`, { key: project.live })).body).toEqual(
      {
        ...automation,
        stats: {
          runs: {
            active: 0,
            delayed: 0,
            waiting: 0,
            paused: 0,
            completed: 0,
            exited: 0,
            failed: 0,
            total: 0,
          },
          steps: {},
          latest_error: null,
        },
      },
    );
  });

  it("answers invalid bodies with 422 and field paths", async () => {
    const cases: [unknown, string, string?][] = [
      [{}, "name"],
      [{ name: "x".repeat(121) }, "name"],
      [{ name: "x", status: "live" }, "status"],
      [{ name: "x", trigger: { event: "event" } }, "trigger.name"],
      [
        {
          name: "x",
          steps: [
            { type: "delay", delayMinutes: 1 },
            { type: "delay", delayMinutes: 0 },
          ],
        },
        "steps.1.delayMinutes",
      ],
      [
        { name: "x", steps: [{ type: "wait", waitEvent: "a", waitTimeoutMinutes: 36001 }] },
        "steps.0.waitTimeoutMinutes",
      ],
      [{ name: "x", steps: [{ type: "teleport" }] }, "steps.0.type"],
      [
        {
          name: "x",
          steps: [
            { id: "a", type: "delay", delayMinutes: 1 },
            { id: "a", type: "delay", delayMinutes: 1 },
          ],
        },
        "steps.1.id",
        "duplicate_step_ids",
      ],
      [{ name: "x", steps: [{ type: "email", templateId: "tpl_nope" }] }, "steps.0.templateId"],
      [
        { name: "x", steps: [{ type: "email", templateId: otherTemplateId }] },
        "steps.0.templateId",
      ],
    ];
    for (const [body, path, code] of cases) {
      const response = await create(body);
      expectError(response, 422, code ?? "validation_error");
      expect(
        response.body.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expectError(
      await app.api("/v1/automations", { method: "POST", key: project.live, rawBody: "{" }),
      400,
      "invalid_json",
    );
  });

  it("patches name, trigger and steps and keeps the trigger key in sync", async () => {
    const { body: created } = await create({ name: "Flow" });
    const response = await patch(created.id, {
      name: "Renamed",
      trigger: { event: "event", name: "user.signed_up" },
      steps: [{ id: "s1", type: "action", action: "add-tag", tag: "vip" }],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      name: "Renamed",
      status: "draft",
      trigger: { event: "event", name: "user.signed_up" },
      steps: [{ id: "s1", type: "action", action: "add-tag", tag: "vip" }],
      step_count: 1,
    });
    const [row] = await app.runtime.db
      .select()
      .from(automations)
      .where(eq(automations.id, created.id));
    expect(row!.triggerKey).toBe("event:user.signed_up");

    expectError(await patch(created.id, { status: "paused" }), 422, "validation_error");
    const duplicate = await patch(created.id, {
      steps: [
        { id: "a", type: "delay", delayMinutes: 1 },
        { id: "a", type: "delay", delayMinutes: 2 },
      ],
    });
    expectError(duplicate, 422, "duplicate_step_ids");
    expectError(
      await patch(created.id, { steps: [{ type: "email", templateId: "tpl_nope" }] }),
      422,
    );
    expectError(await patch(created.id, { name: "" }), 422);
    expect(
      (await app.api(`/v1/automations/${created.id}`, { key: project.live })).body.step_count,
    ).toBe(1);
  });

  it("pauses unfinished runs on live → draft and resumes them on draft → live", async () => {
    const { body: automation } = await create({
      name: "Runs",
      steps: [{ id: "d", type: "delay", delayMinutes: 5 }],
    });
    expect((await patch(automation.id, { status: "live" })).body.status).toBe("live");

    const resumeAt = new Date(Date.now() + 60_000);
    const seeds = [
      { status: "active" as const },
      { status: "delayed" as const, resumeAt },
      { status: "waiting" as const, waitEvent: "order.paid", resumeAt },
      { status: "completed" as const },
    ];
    const runIds: string[] = [];
    for (const [i, seed] of seeds.entries()) {
      const contactId = newId("ct");
      await app.runtime.db
        .insert(contacts)
        .values({ id: contactId, projectId: project.id, email: `run${i}@example.com` });
      const id = newId("run");
      runIds.push(id);
      await app.runtime.db.insert(automationRuns).values({
        id,
        projectId: project.id,
        automationId: automation.id,
        contactId,
        currentStep: "d",
        ...seed,
      });
    }
    const statuses = async () => {
      const rows = await app.runtime.db
        .select()
        .from(automationRuns)
        .where(eq(automationRuns.automationId, automation.id));
      return runIds.map((id) => rows.find((r) => r.id === id)!.status);
    };

    expect((await patch(automation.id, { status: "draft" })).body.status).toBe("draft");
    expect(await statuses()).toEqual(["paused", "paused", "paused", "completed"]);
    expect((await patch(automation.id, { name: "Still draft" })).status).toBe(200);
    expect(await statuses()).toEqual(["paused", "paused", "paused", "completed"]);

    expect((await patch(automation.id, { status: "live" })).body.status).toBe("live");
    expect(await statuses()).toEqual(["active", "delayed", "waiting", "completed"]);

    const deleted = await app.api(`/v1/automations/${automation.id}`, {
      method: "DELETE",
      key: project.live,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: automation.id, deleted: true });
    expect(
      await app.runtime.db
        .select()
        .from(automationRuns)
        .where(eq(automationRuns.automationId, automation.id)),
    ).toEqual([]);
    expectError(await app.api(`/v1/automations/${automation.id}`, { key: project.live }), 404);
    expectError(
      await app.api(`/v1/automations/${automation.id}`, { method: "DELETE", key: project.live }),
      404,
    );
  });

  it("hides automations of other projects (404) and unknown ids", async () => {
    const { body: automation } = await create({ name: "Mine" });
    expectError(
      await app.api(`/v1/automations/${automation.id}`, { key: other.live }),
      404,
      "not_found",
    );
    expectError(await patch(automation.id, { name: "Theirs" }, other.live), 404);
    expectError(
      await app.api(`/v1/automations/${automation.id}`, { method: "DELETE", key: other.live }),
      404,
    );
    expectError(await app.api("/v1/automations/aut_missing", { key: project.live }), 404);
    expectError(await patch("aut_missing", { name: "x" }), 404);
    const list = await app.api("/v1/automations?limit=100", { key: other.live });
    expect(list.body.data.map((a: { id: string }) => a.id)).not.toContain(automation.id);
  });

  it("lists newest first with a cursor and a status filter", async () => {
    const p = await app.createProject({ name: "Listing" });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await create({ name: `A${i}` }, p.live);
      ids.push(body.id);
      // Distinct milliseconds: ids created within one millisecond have no defined order.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await patch(ids[1]!, { status: "live" }, p.live);
    await patch(ids[3]!, { status: "live" }, p.live);

    const first = await app.api("/v1/automations?limit=2", { key: p.live });
    expect(first.body.data.map((a: { name: string }) => a.name)).toEqual(["A4", "A3"]);
    expect(first.body.has_more).toBe(true);
    const second = await app.api(
      `/v1/automations?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
      { key: p.live },
    );
    expect(second.body.data.map((a: { name: string }) => a.name)).toEqual(["A2", "A1"]);
    const third = await app.api(
      `/v1/automations?limit=2&cursor=${encodeURIComponent(second.body.next_cursor)}`,
      { key: p.live },
    );
    expect(third.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(third.body.data).toHaveLength(1);

    const live = await app.api("/v1/automations?status=live", { key: p.live });
    expect(live.body.data.map((a: { name: string }) => a.name)).toEqual(["A3", "A1"]);
    const drafts = await app.api("/v1/automations?status=draft", { key: p.live });
    expect(drafts.body.data).toHaveLength(3);

    expectError(await app.api("/v1/automations?status=stopped", { key: p.live }), 422);
    expectError(await app.api("/v1/automations?limit=0", { key: p.live }), 422);
    expectError(
      await app.api(`/v1/automations?cursor=${encodeURIComponent(first.body.next_cursor)}`, {
        key: project.live,
      }),
      422,
    );
  });

  it("requires a valid key on every route", async () => {
    await expectRequiresKey(app, "GET", "/v1/automations");
    await expectRequiresKey(app, "POST", "/v1/automations");
    await expectRequiresKey(app, "GET", "/v1/automations/aut_x");
    await expectRequiresKey(app, "PATCH", "/v1/automations/aut_x");
    await expectRequiresKey(app, "DELETE", "/v1/automations/aut_x");
  });
});
