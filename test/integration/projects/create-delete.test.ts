import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProjectAction, deleteProjectAction } from "@/lib/web/dashboard/actions/projects";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { ForbiddenError, ValidationError } from "@/lib/core/errors";
import { createDomain } from "@/lib/domains/create";
import { createProjectForUser } from "@/lib/projects/create";
import { deleteProject } from "@/lib/projects/delete";
import { deliverEmailBatch } from "@/lib/sending/deliver";
import { addMembership, createUser, projectsOfUser } from "@/lib/users/users";
import { deliverWebhookBatch } from "@/lib/webhooks/deliver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { formData, session, signInAs } from "../../support/dashboard-session";

vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * DECISIONS §12 "Projects in the dashboard": an admin creates another project (its own keys, the
 * creator its admin) and deletes one behind its typed name; everything in it goes, its queued
 * jobs do nothing, and the refusals (wrong name, a member, the last project) change nothing.
 */
let app: TestApp;
let first: TestProject;
let adminId: string;
let memberId: string;

const PASSWORD = "correct horse battery";

/** Rows per table that has a project_id column, for one project (tables with none: 0). */
async function rowsOf(projectId: string): Promise<Record<string, number>> {
  const tables = await app.runtime.handle.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'project_id' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await app.runtime.handle.query<{ n: number }>(
      `select count(*)::int as n from "${table_name}" where project_id = $1`,
      [projectId],
    );
    counts[table_name] = row!.n;
  }
  return counts;
}

const projectCount = async () =>
  (await app.runtime.handle.query<{ n: number }>("select count(*)::int as n from projects"))[0]!.n;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  first = await app.createProject({ name: "First", domain: "mail.test" });
  adminId = (
    await createUser(app.runtime.db, {
      email: "admin@projects.test",
      password: PASSWORD,
      role: "admin",
      projectId: first.id,
    })
  ).user.id;
  memberId = (
    await createUser(app.runtime.db, {
      email: "member@projects.test",
      password: PASSWORD,
      role: "member",
      projectId: first.id,
    })
  ).user.id;
});
afterAll(() => app?.close());

describe(`projects from the dashboard (${TEST_DRIVER})`, () => {
  it("refuses to delete the instance's last project", async () => {
    expect(await projectCount()).toBe(1);
    await expect(
      deleteProject(app.ctx(first.id), { confirmation: "First" }, adminId),
    ).rejects.toMatchObject({ status: 409, code: "last_project" });
    expect(await projectCount()).toBe(1);
  });

  it("creates a project with its own keys, the creator as its admin", async () => {
    const created = await createProjectForUser(app.ctx(first.id), adminId, { name: "  Beta  " });
    expect(created.project.name).toBe("Beta");
    for (const key of [created.keys.live, created.keys.test]) {
      const contacts = await app.api("/v1/contacts", { key });
      expect(contacts.status, contacts.text).toBe(200);
      expect(contacts.body.data).toEqual([]);
    }
    expect(await projectsOfUser(app.runtime.db, adminId)).toEqual([
      expect.objectContaining({ id: first.id, role: "admin" }),
      expect.objectContaining({ id: created.project.id, name: "Beta", role: "admin" }),
    ]);
    // Nobody else was added to it.
    expect(await projectsOfUser(app.runtime.db, memberId)).toHaveLength(1);
  });

  it("refuses a member (an admin of no project) and a name that is no name", async () => {
    const before = await projectCount();
    await expect(
      createProjectForUser(app.ctx(first.id), memberId, { name: "Mine" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    for (const name of ["", "   ", "two\nlines", "x".repeat(121)]) {
      await expect(
        createProjectForUser(app.ctx(first.id), adminId, { name }),
      ).rejects.toBeInstanceOf(ValidationError);
    }
    expect(await projectCount()).toBe(before);
  });

  it("deletes a project with everything in it; its keys and queued jobs stop at once", async () => {
    const { project, keys } = await createProjectForUser(app.ctx(first.id), adminId, {
      name: "Doomed",
    });
    const api = (path: string, body?: unknown) =>
      app.api(path, { method: body ? "POST" : "GET", key: keys.live, body });
    // Verified, as an operator's --verified does: the test-key send below needs it.
    await createDomain(
      app.runtime.db,
      project.id,
      { name: "doomed.test", verified: true },
      new Date(),
    );
    const hook = await api("/v1/webhooks", { url: "https://hooks.example.com/doomed" });
    expect(hook.status, hook.text).toBe(201);
    expect((await api(`/v1/webhooks/${hook.body.id}/test`, {})).status).toBeLessThan(300);
    expect(
      (await api("/v1/contacts", { email: "ann@doomed.test", data: { plan: "pro" } })).status,
    ).toBe(201);
    expect((await api("/v1/events", { name: "signed_up", email: "ann@doomed.test" })).status).toBe(
      201,
    );
    expect((await api("/v1/suppressions", { email: "gone@doomed.test" })).status).toBe(201);
    const sent = await app.api("/v1/send", {
      method: "POST",
      key: keys.test,
      body: {
        from: "Doomed <hi@doomed.test>",
        to: "ann@example.com",
        subject: "Hi",
        html: "<p>Hi</p>",
      },
    });
    expect(sent.status, sent.text).toBeLessThan(300);
    const members = await addMembership(app.runtime.db, {
      userId: memberId,
      projectId: project.id,
      role: "member",
    });
    void members;

    const before = await rowsOf(project.id);
    for (const table of [
      "api_keys",
      "contacts",
      "domains",
      "emails",
      "events",
      "memberships",
      "suppressions",
      "webhook_endpoints",
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const jobs = await app.runtime.handle.query<{ name: string; data: unknown }>(
      `select name, data from pgboss.job where state = 'created' and name in ('email-deliver', 'webhook-deliver')`,
    );
    expect(new Set(jobs.map((j) => j.name))).toEqual(new Set(["email-deliver", "webhook-deliver"]));
    expect((await api("/v1/contacts")).status).toBe(200);

    // Refused first: the wrong name, a member with the right one.
    await expect(
      deleteProject(app.ctx(project.id), { confirmation: "doomed" }, adminId),
    ).rejects.toMatchObject({
      status: 422,
      details: [expect.objectContaining({ path: "confirmation" })],
    });
    await expect(
      deleteProject(
        { ...app.ctx(project.id), role: "member" },
        { confirmation: "Doomed" },
        memberId,
      ),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(await rowsOf(project.id)).toEqual(before);

    expect(await deleteProject(app.ctx(project.id), { confirmation: "Doomed" }, adminId)).toEqual({
      id: project.id,
      name: "Doomed",
    });
    const after = await rowsOf(project.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    // The key was in this process's cache a moment ago: it is refused now.
    expect((await api("/v1/contacts")).status).toBe(401);
    // The queued jobs run and do nothing (no error, so no retries).
    const asJobs = (name: string) =>
      jobs
        .filter((j) => j.name === name)
        .map((j) => ({ data: j.data })) as PgBoss.JobWithMetadata<never>[];
    await expect(deliverEmailBatch(app.runtime, asJobs("email-deliver"))).resolves.toBeUndefined();
    await expect(
      deliverWebhookBatch(app.runtime, asJobs("webhook-deliver")),
    ).resolves.toBeUndefined();
    expect(Object.entries(await rowsOf(project.id)).filter(([, n]) => n > 0)).toEqual([]);
  });

  it("refuses to delete an admin's own last project while others exist", async () => {
    const { project } = await createProjectForUser(app.ctx(first.id), adminId, { name: "Solo" });
    const solo = await createUser(app.runtime.db, {
      email: "solo@projects.test",
      password: PASSWORD,
      role: "admin",
      projectId: project.id,
    });
    await expect(
      deleteProject(app.ctx(project.id), { confirmation: "Solo" }, solo.user.id),
    ).rejects.toMatchObject({ status: 409, code: "only_project" });
    expect(await projectsOfUser(app.runtime.db, solo.user.id)).toHaveLength(1);
  });
});

describe(`project server actions (${TEST_DRIVER})`, () => {
  it("creates from the switcher, returns the keys once, and deletion moves the browser on", async () => {
    signInAs(adminId, first.id);
    const created = await createProjectAction(IDLE, formData({ name: "Gamma" }));
    expect(created).toMatchObject({
      status: "success",
      result: { name: "Gamma", keys: { live: expect.stringMatching(/^sk_live_/) } },
    });
    const id = created.status === "success" ? created.result!.id : "";

    signInAs(adminId, id);
    expect(await deleteProjectAction("Gamm")).toMatchObject({
      status: "error",
      message: "Type the project's name to confirm.",
    });
    expect(await deleteProjectAction("Gamma")).toMatchObject({ status: "success" });
    expect(session.projectId).toBe(first.id);
    expect((await projectsOfUser(app.runtime.db, adminId)).map((p) => p.id)).not.toContain(id);
  });

  it("refuses a member with a form error", async () => {
    signInAs(memberId, first.id);
    expect(await createProjectAction(IDLE, formData({ name: "Nope" }))).toMatchObject({
      status: "error",
      message: "Only an admin can create projects.",
    });
    expect(await deleteProjectAction("First")).toMatchObject({
      status: "error",
      message: "Only an admin can delete a project.",
    });
  });
});
