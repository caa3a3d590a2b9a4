import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeys, domains, projects, webhookEndpoints } from "@/db/schema";
import * as apiKeyActions from "@/lib/web/dashboard/actions/api-keys";
import * as contactActions from "@/lib/web/dashboard/actions/contacts";
import * as domainActions from "@/lib/web/dashboard/actions/domains";
import * as settingsActions from "@/lib/web/dashboard/actions/settings";
import * as suppressionActions from "@/lib/web/dashboard/actions/suppressions";
import * as templateActions from "@/lib/web/dashboard/actions/templates";
import * as webhookActions from "@/lib/web/dashboard/actions/webhooks";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { createUser } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { formData, signInAs } from "../../support/dashboard-session";

// vi.mock is hoisted above the imports: the factories import the shared session lazily.
vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * DECISIONS §11 through the dashboard's server actions: a signed-in member is refused every
 * admin-only change with a form error and nothing changes; an admin's attempt succeeds; a member
 * still does member things.
 */
let app: TestApp;
let project: TestProject;
let adminId: string;
let memberId: string;
let keyId: string;
let webhookId: string;
let domainId: string;

const ONLY_ADMINS = /only an admin/i;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject({ domain: "mail.test" });
  const admin = await createUser(app.runtime.db, {
    email: "admin@roles.test",
    password: "correct horse battery",
    role: "admin",
    projectId: project.id,
  });
  const member = await createUser(app.runtime.db, {
    email: "member@roles.test",
    password: "correct horse battery",
    role: "member",
    projectId: project.id,
  });
  adminId = admin.user.id;
  memberId = member.user.id;
  const webhook = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: { url: "https://hooks.example.com/mailwright" },
  });
  expect(webhook.status, webhook.text).toBe(201);
  webhookId = webhook.body.id;
  const keys = await app.runtime.db.select().from(apiKeys).where(eq(apiKeys.projectId, project.id));
  keyId = keys.find((k) => k.mode === "test")!.id;
  const [domain] = await app.runtime.db
    .select()
    .from(domains)
    .where(eq(domains.projectId, project.id));
  domainId = domain!.id;
});
afterAll(() => app?.close());

async function snapshot() {
  const db = app.runtime.db;
  const [keys, hooks, doms, [row]] = await Promise.all([
    db.select().from(apiKeys).where(eq(apiKeys.projectId, project.id)),
    db.select().from(webhookEndpoints).where(eq(webhookEndpoints.projectId, project.id)),
    db.select().from(domains).where(eq(domains.projectId, project.id)),
    db.select().from(projects).where(eq(projects.id, project.id)),
  ]);
  return { keys, hooks, doms, project: row };
}

describe(`roles through server actions (${TEST_DRIVER})`, () => {
  it("refuses a member every admin-only change, with a form error, and changes nothing", async () => {
    signInAs(memberId);
    const before = await snapshot();
    const attempts = {
      createKey: () =>
        apiKeyActions.createApiKeyAction(IDLE, formData({ name: "mine", mode: "live" })),
      revokeKey: () => apiKeyActions.revokeApiKeyAction(keyId),
      createWebhook: () =>
        webhookActions.createWebhookAction(
          IDLE,
          formData({ url: "https://evil.example.com/hook" }),
        ),
      updateWebhook: () =>
        webhookActions.updateWebhookAction(
          webhookId,
          IDLE,
          formData({ url: "https://evil.example.com/hook", active: "on" }),
        ),
      disableWebhook: () => webhookActions.setWebhookActiveAction(webhookId, false),
      revealSecret: () => webhookActions.revealWebhookSecretAction(webhookId),
      replay: () => webhookActions.replayDeliveryAction(webhookId, "whd_missing"),
      deleteWebhook: () => webhookActions.deleteWebhookAction(webhookId),
      addDomain: () => domainActions.addDomainAction(IDLE, formData({ name: "evil.test" })),
      verifyDomain: () => domainActions.verifyDomainAction(domainId),
      deleteDomain: () => domainActions.deleteDomainAction(domainId),
      domainTracking: () =>
        domainActions.setDomainTrackingAction(domainId, { click_tracking: false }),
      settings: () =>
        settingsActions.saveGeneralSettingsAction(
          IDLE,
          formData({
            default_from_name: "Evil",
            default_from_email: "",
            double_opt_in: "on",
            postal_address: "Evil Street 1",
          }),
        ),
    };
    const allowed: string[] = [];
    for (const [name, attempt] of Object.entries(attempts)) {
      const state = await attempt();
      const refused = state.status === "error" && ONLY_ADMINS.test(state.message);
      if (!refused || JSON.stringify(state).includes("whsec_")) allowed.push(name);
    }
    expect(allowed).toEqual([]);
    const after = await snapshot();
    expect(after).toEqual(before);
  });

  it("lets a member work with contacts, templates and suppressions", async () => {
    signInAs(memberId);
    const contact = await contactActions.createContactAction(
      IDLE,
      formData({ email: "reader@example.com", name: "Reader", subscribed: "on" }),
    );
    expect(contact.status).toBe("success");
    const template = await templateActions.createTemplateAction(
      IDLE,
      formData({ name: "Member's template", format: "blocks" }),
    );
    expect(template.status).toBe("success");
    const suppression = await suppressionActions.addSuppressionAction(
      IDLE,
      formData({ email: "gone@example.com" }),
    );
    expect(suppression.status).toBe("success");
  });

  it("lets an admin make the same changes", async () => {
    signInAs(adminId);
    const key = await apiKeyActions.createApiKeyAction(
      IDLE,
      formData({ name: "Admin's key", mode: "test" }),
    );
    expect(key.status).toBe("success");
    expect(await apiKeyActions.revokeApiKeyAction(keyId)).toMatchObject({ status: "success" });
    const secret = await webhookActions.revealWebhookSecretAction(webhookId);
    expect(secret.status === "success" && secret.result?.secret).toMatch(/^whsec_/);
    expect(await webhookActions.setWebhookActiveAction(webhookId, false)).toMatchObject({
      status: "success",
    });
    const settings = await settingsActions.saveGeneralSettingsAction(
      IDLE,
      formData({ default_from_name: "Team", default_from_email: "hello@mail.test" }),
    );
    expect(settings.status).toBe("success");
    const added = await domainActions.addDomainAction(IDLE, formData({ name: "second.test" }));
    expect(added.status).toBe("success");
    const id = added.status === "success" ? added.result!.id : "";
    expect(
      await domainActions.setDomainTrackingAction(id, { click_tracking: false }),
    ).toMatchObject({ status: "success", result: { click_tracking: false } });
    expect(await domainActions.deleteDomainAction(id)).toMatchObject({ status: "success" });
    expect(await webhookActions.deleteWebhookAction(webhookId)).toMatchObject({
      status: "success",
    });
  });
});
