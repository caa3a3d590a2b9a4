import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { duplicateCampaign } from "@/lib/campaigns/duplicate";
import { previewCampaign } from "@/lib/campaigns/preview";
import { sendCampaignTest } from "@/lib/campaigns/test-send";
import { getEmailWithBody } from "@/lib/emails/list";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * Issue 13 item 8: a campaign carries `variables` for its template's placeholders (a newsletter's
 * headline and stories), stored with the draft and filled in at fan-out under each contact's own
 * fields: the contact's values win, the campaign's fill everything else.
 */
let app: TestApp;
let project: TestProject;
let templateId: string;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
  project = await app.createProject({ domain: "mail.test" });
  for (const body of [
    { email: "ada@example.com", name: "Ada Lovelace" },
    { email: "own@example.com", name: "Grace", data: { issue_title: "Grace's own title" } },
  ]) {
    const res = await app.api("/v1/contacts", { method: "POST", key: project.live, body });
    expect(res.status, res.text).toBe(201);
  }
  const template = await app.api("/v1/templates", {
    method: "POST",
    key: project.live,
    body: {
      name: "Letter",
      subject: "{{headline}}",
      format: "html",
      source:
        '<html><body><p>Hi {{first_name}},</p><p>{{intro}}</p><p>{{ data.issue_title | "This month" }}</p></body></html>',
    },
  });
  expect(template.status, template.text).toBe(201);
  templateId = template.body.id;
});
afterAll(() => app?.close());

const VARIABLES = {
  headline: "Big news & more",
  intro: "We rebuilt the editor.",
  data: { issue_title: "June in review" },
};

async function createCampaign(body: Record<string, unknown>) {
  return app.api("/v1/campaigns", {
    method: "POST",
    key: project.live,
    body: {
      name: "June",
      subject: "{{headline}}",
      from_name: "Acme",
      from_email: "news@mail.test",
      template: templateId,
      ...body,
    },
  });
}

describe(`campaign variables (${TEST_DRIVER})`, () => {
  it("stores them with the draft, returns them, and PATCH replaces them", async () => {
    const created = await createCampaign({ variables: VARIABLES });
    expect(created.status, created.text).toBe(201);
    expect(created.body.variables).toEqual(VARIABLES);
    const patched = await app.api(`/v1/campaigns/${created.body.id}`, {
      method: "PATCH",
      key: project.live,
      body: { variables: { headline: "Changed" } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.variables).toEqual({ headline: "Changed" });
    // Other fields leave them alone.
    const renamed = await app.api(`/v1/campaigns/${created.body.id}`, {
      method: "PATCH",
      key: project.live,
      body: { name: "Renamed" },
    });
    expect(renamed.body.variables).toEqual({ headline: "Changed" });
    expect((await createCampaign({})).body.variables).toEqual({});
  });

  it("refuses variables that are not an object or are too large, with a 422", async () => {
    for (const variables of [["x"], "text", { big: "x".repeat(70_000) }]) {
      const res = await createCampaign({ variables });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.details[0].path).toBe("variables");
    }
  });

  it("fills them in at send, under each contact's own fields", async () => {
    const created = await createCampaign({ variables: VARIABLES });
    const sent = await app.api(`/v1/campaigns/${created.body.id}/send`, {
      method: "POST",
      key: project.live,
    });
    expect(sent.status, sent.text).toBe(200);
    const ids = await app.runtime.db
      .select({ id: emails.id })
      .from(emails)
      .where(eq(emails.campaignId, created.body.id));
    // As the API shows them (the body is rendered from the stored content and values).
    const rows = await Promise.all(
      ids.map(async ({ id }) => (await app.api(`/v1/emails/${id}`, { key: project.live })).body),
    );
    const to = (address: string) => rows.find((r) => r.to.includes(address))!;

    const ada = to("ada@example.com");
    expect(ada.subject).toBe("Big news & more");
    expect(ada.html).toContain("Hi Ada,");
    expect(ada.html).toContain("We rebuilt the editor.");
    expect(ada.html).toContain("June in review");
    // HTML-escaped like any variable.
    const grace = to("own@example.com");
    expect(grace.html).toContain("Hi Grace,");
    expect(grace.html).toContain("Grace&#39;s own title");
    expect(grace.html).not.toContain("June in review");
  });

  it("are kept by a duplicate and used by the preview and a test send", async () => {
    const created = await createCampaign({ variables: VARIABLES });
    const ctx = app.ctx(project.id, "test");
    const { campaign: copy } = await duplicateCampaign(ctx, created.body.id);
    const fetched = await app.api(`/v1/campaigns/${copy.id}`, { key: project.live });
    expect(fetched.body.variables).toEqual(VARIABLES);

    const preview = await previewCampaign(ctx, copy.id);
    expect(preview.variants[0]!.subject).toBe("Big news & more");
    expect(preview.variants[0]!.html).toContain("We rebuilt the editor.");

    const test = await sendCampaignTest(ctx, copy.id, { to: "me@example.com" });
    const row = await getEmailWithBody(ctx, test.id);
    expect(row!.subject).toBe("[Test] Big news & more");
    expect(row!.html).toContain("We rebuilt the editor.");
  });
});
