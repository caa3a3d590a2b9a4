import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contacts, emails } from "@/db/schema";
import { newId, randomBase62 } from "@/lib/core/ids";
import { newTrackingToken } from "@/lib/tracking/token";
import { addContactTag } from "@/lib/contacts/tags";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";
import { drainWebhooks, listen, type Listener } from "../../support/webhook-events";

/**
 * contact.* webhooks (DECISIONS §15) from every path that writes contacts, delivered to a real
 * receiver: each payload's signature is checked and its body parsed with the documented schema.
 */
let app: TestApp;
let project: TestProject;
let receiver: WebhookReceiver;
/** Created without `events`: receives every type. */
let everything: Listener;
/** Only email.delivered: must receive none of these. */
let deliveredOnly: Listener;

beforeAll(async () => {
  app = await startTestApp({
    worker: "embedded",
    config: { webhookAllowPrivate: true },
    env: { AUTOMATION_POLL_MS: "100" },
  });
  project = await app.createProject({ domain: "mail.test" });
  receiver = await startWebhookReceiver();
  everything = await listen(app, project, receiver);
  deliveredOnly = await listen(app, project, receiver, ["email.delivered"]);
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });
const upsert = (body: Record<string, unknown>) => api("/v1/contacts", { method: "POST", body });
const patch = (id: string, body: Record<string, unknown>) =>
  api(`/v1/contacts/${id}`, { method: "PATCH", body });

/** The contact.* events that reached the all-events endpoint about one contact (sorted types). */
async function eventsAbout(contactId: string) {
  await drainWebhooks(app);
  return everything
    .received()
    .filter((event) => event.type.startsWith("contact.") && event.data.id === contactId)
    .map((event) => event.type)
    .sort();
}

describe(`contact webhooks (${TEST_DRIVER})`, () => {
  it("created, updated only when a stored field changes, deleted: data is the contact", async () => {
    const created = await upsert({ email: "Ada@Example.com", name: "Ada", data: { plan: "free" } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const [createdEvent] = await everything.waitFor("contact.created", (d) => d.id === id);
    expect(createdEvent!.data).toEqual(created.body);

    // The same values again (upsert and PATCH), an empty PATCH: nothing changes, nothing fires.
    expect((await upsert({ email: "ada@example.com", name: "Ada" })).status).toBe(200);
    expect((await patch(id, { data: { plan: "free" } })).status).toBe(200);
    expect((await patch(id, {})).status).toBe(200);

    const renamed = await upsert({ email: "ada@example.com", name: "Ada Lovelace" });
    const [updated] = await everything.waitFor("contact.updated", (d) => d.id === id);
    expect(updated!.data).toEqual(renamed.body);
    const repriced = await patch(id, { data: { plan: "pro" } });
    await everything.waitFor("contact.updated", (d) => d.id === id, 2);
    // A tag added twice changes `data` once.
    await addContactTag(app.ctx(project.id), id, { tag: "vip" });
    await addContactTag(app.ctx(project.id), id, { tag: "vip" });
    const [, , tagged] = await everything.waitFor("contact.updated", (d) => d.id === id, 3);
    expect(tagged!.data).toMatchObject({ data: { plan: "pro", tags: ["vip"] } });
    expect(repriced.body.data).toEqual({ plan: "pro" });

    const current = (await api(`/v1/contacts/${id}`)).body;
    expect((await api(`/v1/contacts/${id}`, { method: "DELETE" })).status).toBe(200);
    const [deleted] = await everything.waitFor("contact.deleted", (d) => d.id === id);
    expect(deleted!.data).toEqual(current);

    expect(await eventsAbout(id)).toEqual([
      "contact.created",
      "contact.deleted",
      "contact.updated",
      "contact.updated",
      "contact.updated",
    ]);
  });

  it("unsubscribed whenever subscribed goes true → false: API upsert, PATCH, link, automation", async () => {
    const unsubscribedOf = (id: string) =>
      everything.received("contact.unsubscribed").filter((e) => e.data.id === id);

    // The upsert: once, not again while it stays false; a contact created unsubscribed is not one.
    const grace = (await upsert({ email: "grace@example.com" })).body;
    await upsert({ email: "grace@example.com", subscribed: false });
    await upsert({ email: "grace@example.com", subscribed: false });
    const [event] = await everything.waitFor("contact.unsubscribed", (d) => d.id === grace.id);
    expect(event!.data).toEqual({ id: grace.id, email: "grace@example.com", topic_id: null });
    const born = (await upsert({ email: "born@example.com", subscribed: false })).body;

    // PATCH: back on (an update only), then off again.
    await patch(grace.id, { subscribed: true });
    await patch(grace.id, { subscribed: false });
    await everything.waitFor("contact.unsubscribed", (d) => d.id === grace.id, 2);

    // The one-click link of an email to the contact.
    const linus = (await upsert({ email: "linus@example.com" })).body;
    const token = await emailWithUnsubscribeLink(linus.id, "linus@example.com");
    const clicked = await fetch(`${app.baseUrl}/u/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status).toBe(200);
    const [linked] = await everything.waitFor("contact.unsubscribed", (d) => d.id === linus.id);
    expect(linked!.data).toEqual({ id: linus.id, email: "linus@example.com", topic_id: null });

    // An automation's action steps.
    const automation = await api("/v1/automations", {
      method: "POST",
      body: {
        name: "Churn",
        trigger: { event: "event", name: "churned" },
        steps: [
          { type: "action", action: "update-field", actionKey: "status", actionValue: "churned" },
          { type: "action", action: "unsubscribe" },
        ],
      },
    });
    expect(automation.status, automation.text).toBe(201);
    const live = await api(`/v1/automations/${automation.body.id}`, {
      method: "PATCH",
      body: { status: "live" },
    });
    expect(live.status, live.text).toBe(200);
    const ken = (await upsert({ email: "ken@example.com" })).body;
    await api("/v1/events", {
      method: "POST",
      body: { name: "churned", email: "ken@example.com" },
    });
    const [automated] = await everything.waitFor("contact.unsubscribed", (d) => d.id === ken.id);
    expect(automated!.data).toEqual({ id: ken.id, email: "ken@example.com", topic_id: null });
    const [patched] = await everything.waitFor("contact.updated", (d) => d.id === ken.id);
    expect(patched!.data).toMatchObject({ subscribed: false, data: { status: "churned" } });

    await drainWebhooks(app);
    expect(unsubscribedOf(grace.id)).toHaveLength(2);
    expect(unsubscribedOf(linus.id)).toHaveLength(1);
    expect(unsubscribedOf(ken.id)).toHaveLength(1);
    expect(unsubscribedOf(born.id)).toHaveLength(0);
    expect(await eventsAbout(linus.id)).toEqual([
      "contact.created",
      "contact.unsubscribed",
      "contact.updated",
    ]);
  });

  it("leaving a topic (one-click from its email, the API, the preference form) is unsubscribed with its topic_id", async () => {
    const topic = (await api("/v1/topics", { method: "POST", body: { name: "Digest" } })).body;
    const other = (await api("/v1/topics", { method: "POST", body: { name: "Offers" } })).body;
    const mia = (await upsert({ email: "mia@example.com" })).body;
    const token = await emailWithUnsubscribeLink(mia.id, "mia@example.com", topic.id);
    const link = `${app.baseUrl}/u/${token}`;
    const oneClick = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const [left] = await everything.waitFor("contact.unsubscribed", (d) => d.id === mia.id);
    expect(left!.data).toEqual({ id: mia.id, email: "mia@example.com", topic_id: topic.id });
    // The contact's fields did not change: no contact.updated.
    expect(await eventsAbout(mia.id)).toEqual(["contact.created", "contact.unsubscribed"]);

    // The preference form leaving Offers too, and the API opting back in (no event for joining).
    await fetch(link, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
      },
      body: "action=save",
    });
    const [, offers] = await everything.waitFor("contact.unsubscribed", (d) => d.id === mia.id, 2);
    expect(offers!.data.topic_id).toBe(other.id);
    await api(`/v1/contacts/${mia.id}/topics`, {
      method: "PATCH",
      body: { topics: [{ id: other.id, subscription: "opt_in" }] },
    });
    await api(`/v1/contacts/${mia.id}/topics`, {
      method: "PATCH",
      body: { topics: [{ id: other.id, subscription: "opt_out" }] },
    });
    await everything.waitFor("contact.unsubscribed", (d) => d.id === mia.id, 3);
    await drainWebhooks(app);
    expect(
      everything
        .received("contact.unsubscribed")
        .filter((e) => e.data.id === mia.id)
        .map((e) => e.data.topic_id),
    ).toEqual([topic.id, other.id, other.id]);
    expect(deliveredOnly.received()).toEqual([]);
  });

  it("a confirmed double opt-in is an update (false → true), never an unsubscribe", async () => {
    const pending = (await upsert({ email: "optin@example.com", subscribed: false })).body;
    // The link's secret, as startDoubleOptIn stores it (no sender is set up here to mail it).
    const token = randomBase62(32);
    await app.runtime.db
      .update(contacts)
      .set({ confirmationToken: token, confirmationSentAt: app.clock.now() })
      .where(eq(contacts.id, pending.id));
    const confirmed = await fetch(`${app.baseUrl}/confirm/${token}`, { method: "POST" });
    expect(confirmed.status).toBe(200);
    const [event] = await everything.waitFor("contact.updated", (d) => d.id === pending.id);
    expect(event!.data).toMatchObject({ id: pending.id, subscribed: true });
    expect(await eventsAbout(pending.id)).toEqual(["contact.created", "contact.updated"]);
  });

  it("an endpoint subscribed to other types receives none of them", async () => {
    await drainWebhooks(app);
    expect(everything.received().length).toBeGreaterThan(10);
    expect(deliveredOnly.received()).toEqual([]);
  });
});

/** An email to the contact carrying an unsubscribe link (as a campaign email would). */
async function emailWithUnsubscribeLink(contactId: string, to: string, topicId?: string) {
  const now = app.clock.now();
  const token = newTrackingToken();
  await app.runtime.db.insert(emails).values({
    id: newId("em", now.getTime()),
    projectId: project.id,
    type: "campaign",
    status: "delivered",
    fromAddress: "news@mail.test",
    to,
    subject: "News",
    contactId,
    trackingToken: newTrackingToken(),
    unsubscribeToken: token,
    topicId: topicId ?? null,
    messageId: `<${newTrackingToken()}@mail.test>`,
    createdAt: now,
    updatedAt: now,
  });
  return token;
}
