import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create";
import { listApiKeys, revokeApiKey } from "@/lib/api-keys/manage";
import { serviceContext, type ServiceContext } from "@/lib/core/context";
import { upsertContact } from "@/lib/contacts/upsert";
import { addDomain } from "@/lib/domains/create";
import { deleteDomain } from "@/lib/domains/delete";
import { listDomains } from "@/lib/domains/list";
import { updateDomain } from "@/lib/domains/update";
import { verifyDomain } from "@/lib/domains/verify";
import { ForbiddenError } from "@/lib/core/errors";
import { projectRow } from "@/lib/projects/settings";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { createSuppression } from "@/lib/suppressions/create";
import { createTemplate } from "@/lib/templates/create";
import { createWebhook } from "@/lib/webhooks/create";
import { deleteWebhook } from "@/lib/webhooks/delete";
import { getWebhook } from "@/lib/webhooks/get";
import { listWebhooks } from "@/lib/webhooks/list";
import { replayWebhookDelivery } from "@/lib/webhooks/replay";
import { updateWebhook } from "@/lib/webhooks/update";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";

/** DECISIONS §11 at the service layer, which route handlers, actions, pages and the CLI share. */
let app: TestApp;
let admin: ServiceContext;
let member: ServiceContext;
let keyId: string;
let webhookId: string;
let domainId: string;

const resolver = { resolveTxt: async () => [] as string[][] };

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  const project = await app.createProject({ domain: "mail.test" });
  admin = serviceContext(app.runtime, project.id, "live", "admin");
  member = serviceContext(app.runtime, project.id, "live", "member");
  keyId = (await listApiKeys(admin))[0]!.id;
  webhookId = (await createWebhook(admin, { url: "https://hooks.example.com/in" })).id;
  domainId = (await listDomains(admin, {})).data[0]!.id;
});
afterAll(() => app?.close());

async function state() {
  return {
    keys: await listApiKeys(admin),
    webhooks: await listWebhooks(admin, {}),
    webhook: await getWebhook(admin, webhookId),
    domains: await listDomains(admin, {}),
    project: await projectRow(admin.db, admin.projectId),
  };
}

describe(`roles in the services (${TEST_DRIVER})`, () => {
  it("refuses a member every admin-only service with 403 forbidden, changing nothing", async () => {
    const before = await state();
    const attempts: Record<string, () => Promise<unknown>> = {
      createKey: () => createApiKey(member, { mode: "live" }),
      revokeKey: () => revokeApiKey(member, keyId),
      createWebhook: () => createWebhook(member, { url: "https://evil.example.com" }),
      revealSecret: () => getWebhook(member, webhookId),
      updateWebhook: () => updateWebhook(member, webhookId, { url: "https://evil.example.com" }),
      replay: () => replayWebhookDelivery(member, webhookId, "whd_x"),
      deleteWebhook: () => deleteWebhook(member, webhookId),
      addDomain: () => addDomain(member, { name: "evil.test" }),
      verifyDomain: () => verifyDomain(member, domainId, { resolver }),
      deleteDomain: () => deleteDomain(member, domainId),
      domainTracking: () => updateDomain(member, domainId, { click_tracking: false }),
      sender: () => updateProjectSettings(member, { default_from_name: "Evil" }),
      doubleOptIn: () => updateProjectSettings(member, { double_opt_in: true }),
      postalAddress: () => updateProjectSettings(member, { postal_address: "Evil Street 1" }),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(ForbiddenError);
      expect(error, name).toMatchObject({ status: 403, code: "forbidden" });
      expect((error as Error).message, name).toMatch(/^Only an admin can /);
    }
    expect(await state()).toEqual(before);
  });

  it("lets a member do member things", async () => {
    await expect(upsertContact(member, { email: "m@example.com" })).resolves.toBeTruthy();
    await expect(
      createTemplate(member, { name: "Member's", format: "blocks" }),
    ).resolves.toBeTruthy();
    await expect(createSuppression(member, { email: "x@example.com" })).resolves.toBeTruthy();
    // Reading the lists is fine (no secrets in them).
    expect((await listWebhooks(member, {})).data[0]).not.toHaveProperty("secret");
  });

  it("lets an admin (and so an API key or the CLI) do all of it", async () => {
    const { secret } = await createApiKey(admin, { mode: "test", name: "CI" });
    expect(secret).toMatch(/^sk_test_/);
    await revokeApiKey(admin, keyId);
    expect((await getWebhook(admin, webhookId)).secret).toMatch(/^whsec_/);
    await updateWebhook(admin, webhookId, { active: false });
    await updateProjectSettings(admin, { double_opt_in: true });
    const domain = await addDomain(admin, { name: "second.test" });
    await verifyDomain(admin, domain.id, { resolver });
    await updateDomain(admin, domain.id, { open_tracking: false });
    await deleteDomain(admin, domain.id);
    await deleteWebhook(admin, webhookId);
    // The API acts as admin: a key can still manage webhooks.
    const project = await app.createProject({ name: "Keys" });
    const response = await app.api("/v1/webhooks", {
      method: "POST",
      key: project.live,
      body: { url: "https://hooks.example.com/api" },
    });
    expect(response.status, response.text).toBe(201);
  });
});
