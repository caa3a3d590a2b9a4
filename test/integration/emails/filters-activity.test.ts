import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, webhookDeliveries } from "@/db/schema";
import { serviceContext } from "@/lib/core/context";
import { ForbiddenError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { newTrackingToken } from "@/lib/tracking/token";
import { signWebhookPayload } from "@/lib/webhooks/signature";
import { sendWebhookTestEvent } from "@/lib/webhooks/test-event";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey, ISO_MS } from "../../support/checks";
import { waitFor } from "../../support/smtp-server";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

let app: TestApp;
let project: TestProject;
let other: TestProject;
let receiver: WebhookReceiver;

beforeAll(async () => {
  app = await startTestApp({ worker: "embedded", config: { webhookAllowPrivate: true } });
  project = await app.createProject({ domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const get = (path: string, key = project.live) => app.api(path, { key });
const post = (path: string, key = project.live, body?: unknown) =>
  app.api(path, { method: "POST", key, body });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((e) => e.id);

/** An email row with the links a campaign or automation email carries. */
async function insertEmail(
  projectId: string,
  values: { to: string; contactId?: string; campaignId?: string; automationId?: string },
  createdAt = app.clock.now(),
) {
  const id = newId("em", createdAt.getTime());
  await app.runtime.db.insert(emails).values({
    id,
    projectId,
    type: values.campaignId ? "campaign" : values.automationId ? "automation" : "transactional",
    status: "delivered",
    fromAddress: "hello@mail.test",
    subject: "Hi",
    trackingToken: newTrackingToken(),
    createdAt,
    updatedAt: createdAt,
    ...values,
  });
  return id;
}

describe(`GET /v1/emails filters (${TEST_DRIVER})`, () => {
  it("filters by to, contact_id, campaign_id, automation_id (old names too) and a created-at range", async () => {
    const contact = await post("/v1/contacts", project.live, { email: "filter@example.com" });
    const contactId = contact.body.id as string;
    const byContact = await insertEmail(project.id, { to: "filter@example.com", contactId });
    const byCampaign = await insertEmail(project.id, { to: "c@example.com", campaignId: "cmp_x" });
    const byAutomation = await insertEmail(project.id, {
      to: "a@example.com",
      automationId: "aut_x",
    });
    const old = await insertEmail(
      project.id,
      { to: "old@example.com" },
      new Date("2026-01-05T10:00:00Z"),
    );
    // The same links in another project never show.
    await insertEmail(other.id, { to: "filter@example.com", contactId, campaignId: "cmp_x" });

    expect(ids(await get(`/v1/emails?contact_id=${contactId}`))).toEqual([byContact]);
    expect(ids(await get("/v1/emails?to=FILTER@example.com"))).toEqual([byContact]);
    expect(ids(await get("/v1/emails?campaign_id=cmp_x"))).toEqual([byCampaign]);
    expect(ids(await get("/v1/emails?campaign=cmp_x"))).toEqual([byCampaign]);
    expect(ids(await get("/v1/emails?automation_id=aut_x"))).toEqual([byAutomation]);
    expect(ids(await get("/v1/emails?automation=aut_x"))).toEqual([byAutomation]);
    expect(ids(await get("/v1/emails?since=2026-01-05&until=2026-01-05"))).toEqual([old]);
    expect(ids(await get(`/v1/emails?contact_id=${contactId}`, other.live))).toHaveLength(1);
    expect(ids(await get(`/v1/emails?contact_id=${contactId}`, other.live))).not.toContain(
      byContact,
    );
    expectError(await get("/v1/emails?since=yesterday"), 422);
    expectError(await get(`/v1/emails?to=${"a".repeat(400)}`), 422);
  });
});

describe(`GET /v1/contacts/:id/activity (${TEST_DRIVER})`, () => {
  it("lists the contact's emails and events newest first, paged with a cursor", async () => {
    const contact = await post("/v1/contacts", project.live, { email: "story@example.com" });
    expect(contact.status, contact.text).toBe(201);
    const id = contact.body.id as string;
    const emailId = await insertEmail(project.id, { to: "story@example.com", contactId: id });
    const event = await post("/v1/events", project.live, {
      name: "signed_up",
      email: "story@example.com",
      data: { plan: "pro" },
    });
    expect(event.status, event.text).toBe(201);

    const page = await get(`/v1/contacts/${id}/activity`);
    expect(page.status, page.text).toBe(200);
    const types = page.body.data.map((i: { type: string }) => i.type);
    expect(types).toEqual(expect.arrayContaining(["email", "event", "contact_created"]));
    const email = page.body.data.find((i: { type: string }) => i.type === "email");
    expect(email).toMatchObject({
      id: emailId,
      created_at: expect.stringMatching(ISO_MS),
      email: { id: emailId, subject: "Hi", status: "delivered", test: false, activity: [] },
    });
    expect(page.body.data.find((i: { type: string }) => i.type === "event")).toMatchObject({
      event: { name: "signed_up", data: { plan: "pro" } },
    });
    expect(page.body.data.at(-1).type).toBe("contact_created");

    const first = await get(`/v1/contacts/${id}/activity?limit=1`);
    expect(first.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    const second = await get(
      `/v1/contacts/${id}/activity?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.status, second.text).toBe(200);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    // The cursor is bound to the project and the contact.
    expectError(
      await get(
        `/v1/contacts/${id}/activity?cursor=${encodeURIComponent(first.body.next_cursor)}`,
        other.live,
      ),
      404,
    );
    expectError(await get(`/v1/contacts/${id}/activity?cursor=bogus`), 422);
    expectError(await get(`/v1/contacts/${id}/activity`, other.live), 404);
    expectError(await get("/v1/contacts/ct_missing/activity"), 404);
    await expectRequiresKey(app, "GET", `/v1/contacts/${id}/activity`);
  });
});

describe(`POST /v1/webhooks/:id/test (${TEST_DRIVER})`, () => {
  it("delivers a signed webhook.test event through the deliveries log", async () => {
    const created = await post("/v1/webhooks", project.live, {
      url: `${receiver.url}/test`,
      events: ["email.opened"],
    });
    expect(created.status, created.text).toBe(201);
    const { id, secret } = created.body;
    const res = await post(`/v1/webhooks/${id}/test`);
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^whd_/),
      endpoint_id: id,
      type: "webhook.test",
      queued: true,
    });
    const request = await waitFor(
      () => receiver.received.find((r) => r.headers["x-service-delivery"] === res.body.id),
      15_000,
      "test delivery",
    );
    expect(request.headers["x-service-event"]).toBe("webhook.test");
    const raw = request.raw.toString("utf8");
    expect(request.headers["x-service-signature"]).toBe(signWebhookPayload(secret, raw));
    expect(JSON.parse(raw)).toMatchObject({
      type: "webhook.test",
      data: { webhook_id: id },
    });
    await waitFor(
      async () => {
        const log = await get(`/v1/webhooks/${id}/deliveries`);
        return log.body.data.find(
          (d: { id: string; status: string }) => d.id === res.body.id && d.status === "succeeded",
        );
      },
      15_000,
      "the delivery in the log",
    );
  });

  it("is admin-only, 404 across projects, 409 when disabled, and needs a key", async () => {
    const created = await post("/v1/webhooks", project.live, { url: `${receiver.url}/rules` });
    const { id } = created.body;
    expectError(await post(`/v1/webhooks/${id}/test`, other.live), 404);
    expectError(await post("/v1/webhooks/wh_missing/test"), 404);
    const member = serviceContext(app.runtime, project.id, "live", "member");
    await expect(sendWebhookTestEvent(member, id)).rejects.toBeInstanceOf(ForbiddenError);
    const disabled = await app.api(`/v1/webhooks/${id}`, {
      method: "PATCH",
      key: project.live,
      body: { active: false },
    });
    expect(disabled.status, disabled.text).toBe(200);
    expectError(await post(`/v1/webhooks/${id}/test`), 409, "webhook_disabled");
    const rows = await app.runtime.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    expect(rows).toEqual([]);
    await expectRequiresKey(app, "POST", `/v1/webhooks/${id}/test`);
  });
});
