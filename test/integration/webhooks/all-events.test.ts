import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { newWebhookSecret } from "@/lib/webhooks/signature";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";
import { drainWebhooks, listen } from "../../support/webhook-events";

/**
 * "All events" (DECISIONS §15): an endpoint created without `events` receives every type, those
 * added later included; a list is exactly those types. Endpoints registered before migration
 * 0031 that held every type of their day became all-events endpoints.
 */
let app: TestApp;
let project: TestProject;
let receiver: WebhookReceiver;

beforeAll(async () => {
  app = await startTestApp({ worker: "embedded", config: { webhookAllowPrivate: true } });
  project = await app.createProject();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

/** The types that existed before contact, suppression and delivery-progress events. */
const OLD_TYPES = [
  "email.delivered",
  "email.bounced",
  "email.complained",
  "email.opened",
  "email.clicked",
  "campaign.paused",
  "automation.paused",
];

/** An endpoint row as a version before 0031 stored it: its list, no all_events. */
async function oldEndpoint(path: string, events: string[]) {
  const now = app.clock.now();
  const id = newId("wh", now.getTime());
  await app.runtime.db.insert(webhookEndpoints).values({
    id,
    projectId: project.id,
    url: `${receiver.url}${path}`,
    events,
    secret: newWebhookSecret(),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** The statement of migration 0031 that marks endpoints holding every type of their day. */
function migrationUpdate(): string {
  const migration = fs.readFileSync("db/migrations/0031_topics_engagement.sql", "utf8");
  const statement = migration.split("\n").find((line) => line.startsWith("UPDATE"));
  expect(statement).toContain("all_events");
  return statement!;
}

describe(`all-events webhook endpoints (${TEST_DRIVER})`, () => {
  it("created without events: all_events, every current type listed; a list is just that", async () => {
    // Another project: these URLs never answer, and the others' tests drain the queue.
    const elsewhere = await app.createProject({ name: "Elsewhere" });
    const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
      app.api(path, { key: elsewhere.live, ...init });
    const all = await api("/v1/webhooks", { method: "POST", body: { url: "https://h.example/a" } });
    expect(all.body).toMatchObject({ all_events: true, events: [...WEBHOOK_EVENT_TYPES] });
    const listed = await api("/v1/webhooks", {
      method: "POST",
      body: { url: "https://h.example/b", events: [...WEBHOOK_EVENT_TYPES] },
    });
    // Every type of today, chosen one by one, is not "all": later types will not be added.
    expect(listed.body).toMatchObject({ all_events: false, events: [...WEBHOOK_EVENT_TYPES] });
  });

  it("PATCH events narrows it to that list; events: null makes it all-events again", async () => {
    const endpoint = await listen(app, project, receiver);
    const path = `/v1/webhooks/${endpoint.id}`;
    const narrowed = await api(path, { method: "PATCH", body: { events: ["contact.created"] } });
    expect(narrowed.body).toMatchObject({ all_events: false, events: ["contact.created"] });
    await api("/v1/suppressions", { method: "POST", body: { email: "narrow@example.com" } });
    await api("/v1/contacts", { method: "POST", body: { email: "narrow@example.com" } });
    await endpoint.waitFor("contact.created", (d) => d.email === "narrow@example.com");
    await drainWebhooks(app);
    expect(endpoint.received().map((e) => e.type)).toEqual(["contact.created"]);

    const widened = await api(path, { method: "PATCH", body: { events: null } });
    expect(widened.status, widened.text).toBe(200);
    expect(widened.body).toMatchObject({ all_events: true, events: [...WEBHOOK_EVENT_TYPES] });
    await api("/v1/suppressions", { method: "POST", body: { email: "wide@example.com" } });
    await endpoint.waitFor("suppression.created", (d) => d.email === "wide@example.com");

    const refused = await api(path, { method: "PATCH", body: { events: [] } });
    expect(refused.status).toBe(422);
  });

  it("migration 0031: an endpoint that held every old type receives the new ones, a narrower one not", async () => {
    const fullPath = `/old/full/${Date.now()}`;
    const narrowPath = `/old/narrow/${Date.now()}`;
    const full = await oldEndpoint(fullPath, OLD_TYPES);
    const narrow = await oldEndpoint(narrowPath, ["email.bounced", "campaign.paused"]);
    await app.runtime.db.execute(sql.raw(migrationUpdate()));

    const shown = await api(`/v1/webhooks/${full}`);
    expect(shown.body).toMatchObject({ all_events: true, events: [...WEBHOOK_EVENT_TYPES] });
    expect((await api(`/v1/webhooks/${narrow}`)).body).toMatchObject({
      all_events: false,
      events: ["email.bounced", "campaign.paused"],
    });

    const contact = await api("/v1/contacts", {
      method: "POST",
      body: { email: "after-migration@example.com" },
    });
    expect(contact.status).toBe(201);
    await drainWebhooks(app);
    const types = (path: string) =>
      receiver.received
        .filter((r) => r.path === path)
        .map((r) => JSON.parse(r.raw.toString("utf8")).type as string);
    expect(types(fullPath)).toEqual(["contact.created"]);
    expect(types(narrowPath)).toEqual([]);
    const [row] = await app.runtime.db
      .select({ allEvents: webhookEndpoints.allEvents })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, narrow));
    expect(row!.allEvents).toBe(false);
  });
});
