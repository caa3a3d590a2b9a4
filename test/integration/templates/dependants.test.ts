import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automations, campaigns } from "@/db/schema";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";

let app: TestApp;
let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
});
afterAll(() => app?.close());

async function createTemplate(name: string, key = project.live): Promise<string> {
  const response = await app.api("/v1/templates", { method: "POST", key, body: { name } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function createAutomation(name: string, templateId: string, key = project.live) {
  const response = await app.api("/v1/automations", {
    method: "POST",
    key,
    body: {
      name,
      steps: [
        { id: "pause", type: "delay", delayMinutes: 60, next: "mail" },
        { id: "mail", type: "email", templateId, next: null },
      ],
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

async function createCampaign(name: string, templateId: string, key = project.live) {
  const response = await app.api("/v1/campaigns", {
    method: "POST",
    key,
    body: {
      name,
      subject: "News",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: templateId,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

const remove = (templateId: string, key = project.live) =>
  app.api(`/v1/templates/${templateId}`, { method: "DELETE", key });

describe(`DELETE /v1/templates/:id with dependants (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("refuses a template a live automation and an unsent campaign use, naming both", async () => {
    const templateId = await createTemplate("Welcome");
    const automationId = await createAutomation("Onboarding", templateId);
    await app.runtime.db
      .update(automations)
      .set({ status: "live" })
      .where(eq(automations.id, automationId));
    const campaignId = await createCampaign("November news", templateId);
    await app.runtime.db
      .update(campaigns)
      .set({ status: "paused" })
      .where(eq(campaigns.id, campaignId));

    const refused = await remove(templateId);
    expectError(refused, 409, "template_in_use");
    expect(refused.body.error.message).toContain("1 automation and 1 campaign");
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({
        type: "automation",
        id: automationId,
        name: "Onboarding",
        status: "live",
      }),
      expect.objectContaining({
        type: "campaign",
        id: campaignId,
        name: "November news",
        status: "paused",
      }),
    ]);
    for (const detail of refused.body.error.details) {
      expect(detail).toEqual(
        expect.objectContaining({ path: expect.any(String), message: expect.any(String) }),
      );
    }
    // Still there.
    const still = await app.api(`/v1/templates/${templateId}`, { key: project.live });
    expect(still.status).toBe(200);
  });

  it("counts a draft automation as a dependant too", async () => {
    const templateId = await createTemplate("Draft use");
    const automationId = await createAutomation("Not yet live", templateId);
    const refused = await remove(templateId);
    expectError(refused, 409, "template_in_use");
    expect(refused.body.error.details.map((d: { id: string }) => d.id)).toEqual([automationId]);
  });

  it("deletes a template once its automation points elsewhere", async () => {
    const templateId = await createTemplate("Switched away");
    const replacement = await createTemplate("Replacement");
    const automationId = await createAutomation("Switcher", templateId);
    expectError(await remove(templateId), 409, "template_in_use");
    const patched = await app.api(`/v1/automations/${automationId}`, {
      method: "PATCH",
      key: project.live,
      body: { steps: [{ id: "mail", type: "email", templateId: replacement, next: null }] },
    });
    expect(patched.status, patched.text).toBe(200);
    const deleted = await remove(templateId);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ id: templateId, deleted: true });
  });

  it("deletes an unused template, and one only a sent campaign used (its emails are kept)", async () => {
    const unused = await createTemplate("Unused");
    expect((await remove(unused)).body).toEqual({ id: unused, deleted: true });

    const templateId = await createTemplate("Sent once");
    const campaignId = await createCampaign("Old news", templateId);
    await app.runtime.db
      .update(campaigns)
      .set({ status: "sent" })
      .where(eq(campaigns.id, campaignId));
    const deleted = await remove(templateId);
    expect(deleted.status, deleted.text).toBe(200);
  });

  it("ignores other projects' automations that happen to name the id", async () => {
    const templateId = await createTemplate("Mine");
    // Written directly: the API checks a step's template belongs to the automation's project.
    const theirs = await createAutomation(
      "Theirs",
      await createTemplate("Theirs", other.live),
      other.live,
    );
    await app.runtime.db
      .update(automations)
      .set({ steps: [{ id: "mail", type: "email", templateId, next: null }] })
      .where(eq(automations.id, theirs));
    expect((await remove(templateId)).status).toBe(200);
  });
});
