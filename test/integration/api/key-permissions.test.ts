import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "@/db";
import { apiKeys, webhookEndpoints } from "@/db/schema";
import { isMethodNotAllowedHandler, keyPermissionOf } from "@/lib/web/api-handler";
import { createApiKey } from "@/lib/api-keys/create";
import * as apiKeyActions from "@/lib/web/dashboard/actions/api-keys";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { createUser } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { formData, signInAs } from "../../support/dashboard-session";
import { allRoutes } from "../../support/router";

vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * DECISIONS §12 (issue 21): a `sending` key may send, batch-send, record events and read emails,
 * and every other operation answers it 403 `insufficient_permission` in the §3 body before
 * anything runs. Keys made before the column existed, and keys made without a choice, are full.
 */
let app: TestApp;
let project: TestProject;
let sendingLive: string;
let sendingTest: string;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject({ domain: "mail.test" });
  const ctx = app.ctx(project.id);
  sendingLive = (await createApiKey(ctx, { name: "app", mode: "live", permission: "sending" }))
    .secret;
  sendingTest = (await createApiKey(ctx, { name: "ci", mode: "test", permission: "sending" }))
    .secret;
});
afterAll(() => app?.close());

const email = (to: string) => ({
  from: "Acme <hello@mail.test>",
  to,
  subject: "Receipt",
  html: "<p>Thanks</p>",
});

function expectInsufficientPermission(res: Awaited<ReturnType<TestApp["api"]>>) {
  expectError(res, 403, "insufficient_permission");
  expect(res.body.error.message).toMatch(/sending access/);
  expect(res.headers.get("ratelimit-limit")).toEqual(expect.any(String));
}

describe(`API key permissions (${TEST_DRIVER})`, () => {
  it("lets a sending key send, batch-send, record events and read emails", async () => {
    for (const key of [sendingLive, sendingTest]) {
      const sent = await app.api("/v1/send", {
        method: "POST",
        key,
        body: email("ana@example.com"),
      });
      expect(sent.status, sent.text).toBeLessThan(300);
      const batch = await app.api("/v1/send/batch", {
        method: "POST",
        key,
        body: [email("bo@example.com"), email("cy@example.com")],
      });
      expect(batch.status, batch.text).toBeLessThan(300);
      const event = await app.api("/v1/events", {
        method: "POST",
        key,
        body: { name: "order.paid", email: "ana@example.com" },
      });
      expect(event.status, event.text).toBe(201);
      const list = await app.api("/v1/emails?limit=5", { key });
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      const one = await app.api(`/v1/emails/${sent.body.id}`, { key });
      expect(one.status, one.text).toBe(200);
      expect(one.body.id).toBe(sent.body.id);
    }
  });

  it("refuses a sending key everything else with 403 insufficient_permission, changing nothing", async () => {
    const emailId = (await app.api("/v1/emails?limit=1", { key: project.live })).body.data[0].id;
    const refused: [string, string, unknown?][] = [
      ["GET", "/v1/contacts"],
      ["GET", "/v1/contacts/export"],
      ["POST", "/v1/contacts", { email: "new@example.com" }],
      ["POST", "/v1/webhooks", { url: "https://hooks.example.com/x" }],
      ["GET", "/v1/webhooks"],
      ["GET", "/v1/domains"],
      ["POST", "/v1/domains", { name: "evil.example.com" }],
      ["GET", "/v1/templates"],
      ["POST", "/v1/templates", { name: "T", format: "html", source: "<p>x</p>" }],
      ["GET", "/v1/suppressions"],
      ["DELETE", "/v1/suppressions/ana%40example.com"],
      ["GET", `/v1/emails/${emailId}/events`],
      ["POST", `/v1/emails/${emailId}/cancel`],
      ["GET", "/v1/campaigns"],
    ];
    for (const key of [sendingLive, sendingTest]) {
      for (const [method, path, body] of refused) {
        const res = await app.api(path, { method, key, body });
        expectInsufficientPermission(res);
        expect(res.body.error.message).toContain(`${method} ${path.split("?")[0]}`);
      }
    }
    const hooks = await app.runtime.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.projectId, project.id));
    expect(hooks).toEqual([]);
    // The same requests with the project's full key go through.
    expect((await app.api("/v1/contacts", { key: project.live })).status).toBe(200);
    expect((await app.api("/v1/domains", { key: project.live })).status).toBe(200);
  });

  it("refuses every route method not declared open to sending keys (cached key included)", async () => {
    const checked: string[] = [];
    for (const route of allRoutes()) {
      const [api, v1, ...rest] = route.segments;
      if (api !== "api" || v1 !== "v1" || rest.length === 0) continue;
      if (rest.some((s) => s.startsWith("[..."))) continue;
      const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      const path = "/v1/" + rest.map((s) => (s.startsWith("[") ? "zz_missing" : s)).join("/");
      for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
        const handler = routeModule[method];
        if (isMethodNotAllowedHandler(handler) || keyPermissionOf(handler) !== "full") continue;
        const hasBody = method === "POST" || method === "PATCH";
        const res = await app.api(path, {
          method,
          key: sendingLive,
          body: hasBody ? {} : undefined,
        });
        expectInsufficientPermission(res);
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked.length).toBeGreaterThan(50);
  }, 120_000);

  it("makes keys full unless told otherwise, including keys stored before permissions", async () => {
    const rows = await app.runtime.db
      .select({ hint: apiKeys.hint, permission: apiKeys.permission })
      .from(apiKeys)
      .where(eq(apiKeys.projectId, project.id));
    // The project's first live and test keys (lib/projects/create.ts) are full.
    expect(rows.filter((r) => r.permission === "full")).toHaveLength(2);
    // A row written without the column, as every key before the migration was.
    const [legacy] = rowsOf(
      await app.runtime.db.execute<{ permission: string }>(
        sql`INSERT INTO api_keys (id, project_id, name, mode, key_hash, hint)
          VALUES ('key_legacy', ${project.id}, 'old', 'live', 'hash_legacy', 'sk_live_old')
          RETURNING permission`,
      ),
    );
    expect(legacy).toMatchObject({ permission: "full" });
    await expect(
      createApiKey(app.ctx(project.id), { mode: "live", permission: "admin" }),
    ).rejects.toMatchObject({
      status: 422,
      details: [expect.objectContaining({ path: "permission" })],
    });
  });

  it("lets an admin choose the permission in the dashboard's create-key form", async () => {
    const admin = await createUser(app.runtime.db, {
      email: "admin@keys.test",
      password: "correct horse battery",
      role: "admin",
      projectId: project.id,
    });
    signInAs(admin.user.id);
    const created = await apiKeyActions.createApiKeyAction(
      IDLE,
      formData({ name: "Web app", mode: "live", permission: "sending" }),
    );
    expect(created).toMatchObject({ status: "success", result: { permission: "sending" } });
    const secret = created.status === "success" ? created.result!.secret : "";
    expectInsufficientPermission(await app.api("/v1/contacts", { key: secret }));
    expect((await app.api("/v1/emails", { key: secret })).status).toBe(200);

    const full = await apiKeyActions.createApiKeyAction(
      IDLE,
      formData({ name: "Back office", mode: "live" }),
    );
    expect(full).toMatchObject({ status: "success", result: { permission: "full" } });

    const bad = await apiKeyActions.createApiKeyAction(
      IDLE,
      formData({ name: "Odd", mode: "live", permission: "admin" }),
    );
    expect(bad).toMatchObject({
      status: "error",
      fieldErrors: { permission: expect.stringMatching(/full or sending/) },
    });
  });
});
