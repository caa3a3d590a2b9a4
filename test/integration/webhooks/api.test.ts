import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { deliverWebhookJob } from "@/lib/webhooks/jobs";
import { runWebhookJob } from "@/lib/webhooks/deliver";
import { enqueueWebhookDeliveries } from "@/lib/webhooks/enqueue";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/event-types";
import { PRIVATE_TARGET_ERROR } from "@/lib/webhooks/outbound";
import { FAILING_REASON, GONE_REASON } from "@/lib/webhooks/plan";
import { signWebhookPayload } from "@/lib/webhooks/signature";
import { startTestApp, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey, ISO_MS } from "../../support/checks";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

// A real receiver on loopback: per-path scripted answers (then 200), every request recorded raw.
type Answer = { status: number; headers?: Record<string, string>; body?: string };
const scripts = new Map<string, Answer[]>();
let receiver: WebhookReceiver;

let app: TestApp;
let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  app = await startTestApp({
    worker: "embedded",
    config: { webhookAllowPrivate: true, webhookRetryScheduleSeconds: [1, 1, 1] },
  });
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
  receiver = await startWebhookReceiver((request) => scripts.get(request.path)?.shift());
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

/** Shorthands for the API calls these tests make many of. */
const call = (method: string, path: string, key: string, body?: unknown) =>
  app.api(path, { method, key, body });
const get = (path: string, key: string) => app.api(path, { key });

async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function createEndpoint(path: string, body: object = {}, key = project.live) {
  const created = await call("POST", "/v1/webhooks", key, {
    url: `${receiver.url}${path}`,
    ...body,
  });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string; secret: string; url: string };
}

/** What the email pipeline does on an email event, in its own transaction. */
async function fire(projectId: string, type: WebhookEventType = "email.delivered") {
  const ids = await app.runtime.db.transaction((tx) =>
    enqueueWebhookDeliveries(tx, app.runtime.jobs, [
      {
        projectId,
        type,
        createdAt: app.clock.now(),
        data: { id: "em_test", to: "ada@example.com", subject: "Héllo ✓" },
      },
    ]),
  );
  app.runtime.jobs.notify(deliverWebhookJob);
  return ids;
}

async function delivery(id: string) {
  const where = eq(webhookDeliveries.id, id);
  return (await app.runtime.db.select().from(webhookDeliveries).where(where))[0]!;
}
const settled = (id: string) =>
  waitFor(async () => ((await delivery(id)).status !== "pending" ? delivery(id) : null), id);
const requestsTo = (path: string) => receiver.received.filter((r) => r.path === path);
const setFailingSince = (id: string, since: Date) =>
  app.runtime.db
    .update(webhookEndpoints)
    .set({ failingSince: since })
    .where(eq(webhookEndpoints.id, id));

const DRIVER = process.env.MW_TEST_DRIVER ?? "pglite";

describe(`webhook endpoints API (${DRIVER})`, () => {
  it("creates with every event type by default and shows the secret on create and GET only", async () => {
    const created = await call("POST", "/v1/webhooks", project.live, {
      url: "https://h.example.com/in",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: "https://h.example.com/in",
      description: null,
      events: WEBHOOK_EVENT_TYPES,
      active: true,
      disabled_reason: null,
      failing_since: null,
    });
    expect(created.body.id).toMatch(/^wh_/);
    expect(created.body.secret).toMatch(/^whsec_[0-9A-Za-z]{32,}$/);
    expect(created.body.created_at).toMatch(ISO_MS);

    const events = ["email.clicked", "email.bounced", "email.clicked"];
    const narrow = await call("POST", "/v1/webhooks", project.live, {
      url: "http://h.example.com/b",
      events,
      description: " Bounces ",
    });
    expect(narrow.body).toMatchObject({
      events: ["email.bounced", "email.clicked"],
      description: "Bounces",
    });

    expect((await get(`/v1/webhooks/${created.body.id}`, project.live)).body).toEqual(created.body);
    const list = await get("/v1/webhooks?limit=1", project.live);
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([narrow.body.id]);
    expect(list.body.data[0]).not.toHaveProperty("secret");
    const cursor = encodeURIComponent(list.body.next_cursor);
    const next = await get(`/v1/webhooks?limit=1&cursor=${cursor}`, project.live);
    expect(next.body.data[0].id).toBe(created.body.id);
  });

  it("patches url, events, description and active; re-enabling clears the failure state", async () => {
    const endpoint = await createEndpoint("/patch");
    const path = `/v1/webhooks/${endpoint.id}`;
    const changes = {
      url: "https://h.example.com/new",
      events: ["email.opened"],
      description: "New",
    };
    const patched = await call("PATCH", path, project.live, changes);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ ...changes, secret: endpoint.secret });
    const off = await call("PATCH", path, project.live, { active: false });
    expect(off.body).toMatchObject({ active: false, disabled_reason: "disabled by a user" });
    await setFailingSince(endpoint.id, new Date());
    const on = await call("PATCH", path, project.live, { active: true });
    expect(on.body).toMatchObject({
      active: true,
      disabled_reason: null,
      failing_since: null,
      description: "New",
    });
  });

  it("answers bad input with 422 (rules: test/unit/webhooks/schemas) and malformed JSON with 400", async () => {
    const unknown = await call("POST", "/v1/webhooks", project.live, {
      url: "https://h.example.com/",
      events: ["email.teleported"],
    });
    expectError(unknown, 422, "validation_error");
    expect(unknown.body.error.details[0]).toMatchObject({ path: "events.0" });
    expectError(await call("POST", "/v1/webhooks", project.live, []), 422);
    const raw = await app.api("/v1/webhooks", { method: "POST", key: project.live, rawBody: "{" });
    expectError(raw, 400, "invalid_json");
    const endpoint = await createEndpoint("/bad");
    const patch = await call("PATCH", `/v1/webhooks/${endpoint.id}`, project.live, {
      active: "yes",
    });
    expectError(patch, 422, "validation_error");
    app.runtime.config.webhookAllowPrivate = false;
    try {
      const local = await call("POST", "/v1/webhooks", project.live, { url: "http://127.0.0.1/" });
      expectError(local, 422);
      expect(local.body.error.details[0].message).toMatch(/private/);
    } finally {
      app.runtime.config.webhookAllowPrivate = true;
    }
  });

  it("keeps projects apart (404) and requires a key (401)", async () => {
    const own = await app.createProject({ name: "Scoped" });
    const endpoint = await createEndpoint("/scoped", {}, own.live);
    const [deliveryId] = await fire(own.id, "email.opened");
    const base = `/v1/webhooks/${endpoint.id}`;
    const replay = `${base}/deliveries/${deliveryId}/replay`;
    expectError(await get(base, other.live), 404, "not_found");
    expectError(await call("PATCH", base, other.live, { active: false }), 404);
    expectError(await call("DELETE", base, other.live), 404);
    expectError(await get(`${base}/deliveries`, other.live), 404);
    expectError(await call("POST", replay, other.live), 404);
    const otherEndpoint = `/v1/webhooks/wh_x/deliveries/${deliveryId}/replay`;
    expectError(await call("POST", otherEndpoint, own.live), 404);
    expectError(await call("POST", `${base}/deliveries/whd_x/replay`, own.live), 404);
    expect((await get("/v1/webhooks", other.live)).body.data).toEqual([]);
    await expectRequiresKey(app, "GET", "/v1/webhooks");
    await expectRequiresKey(app, "POST", "/v1/webhooks");
    for (const method of ["GET", "PATCH", "DELETE"]) await expectRequiresKey(app, method, base);
    await expectRequiresKey(app, "GET", `${base}/deliveries`);
    await expectRequiresKey(app, "POST", replay);

    expect((await call("DELETE", base, own.live)).body).toEqual({ id: endpoint.id, deleted: true });
    expectError(await get(base, own.live), 404);
    expectError(await call("DELETE", base, own.live), 404);
  });
});

/** A fresh project (so only this endpoint gets its events) with one endpoint at `path`. */
async function scenario(path: string, answers: Answer[] = [], body: object = {}) {
  const own = await app.createProject({ name: path });
  const endpoint = await createEndpoint(path, body, own.live);
  scripts.set(path, answers);
  const base = `/v1/webhooks/${endpoint.id}`;
  const state = async () => (await get(base, own.live)).body;
  const log = async () => (await get(`${base}/deliveries`, own.live)).body.data;
  return { own, endpoint, base, state, log };
}

describe(`webhook deliveries (${DRIVER})`, () => {
  it("signs the raw body, retries a 500 and succeeds on the next attempt; both attempts are logged", async () => {
    const { own, endpoint, base, state } = await scenario("/retry", [
      { status: 500, body: "boom" },
    ]);
    const [id] = await fire(own.id, "email.delivered");
    const done = await settled(id!);
    expect(done).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200 });

    const requests = requestsTo("/retry");
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      // Verify exactly as a receiver must: HMAC of the bytes received, with the endpoint's secret.
      const raw = request.raw.toString("utf8");
      expect(request.headers["x-service-signature"]).toBe(signWebhookPayload(endpoint.secret, raw));
      expect(raw).toBe(done.payload);
      expect(request.headers).toMatchObject({
        "content-type": "application/json",
        "user-agent": "Mailwright-Webhooks/1",
        "x-service-event": "email.delivered",
        "x-service-delivery": id,
      });
      const sentAt = Number(request.headers["x-service-timestamp"]);
      expect(Math.abs(sentAt - Date.now() / 1000)).toBeLessThan(60);
    }
    expect(JSON.parse(done.payload)).toMatchObject({
      type: "email.delivered",
      created_at: expect.stringMatching(ISO_MS),
      data: { id: "em_test", to: "ada@example.com", subject: "Héllo ✓" },
    });

    const log = await get(`${base}/deliveries`, own.live);
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(1);
    const [entry] = log.body.data;
    const summary = {
      id,
      endpoint_id: endpoint.id,
      event_type: "email.delivered",
      attempt_count: 2,
    };
    expect(entry).toMatchObject({ ...summary, status: "succeeded", next_attempt_at: null });
    expect(entry.attempts).toMatchObject([
      { status: "failed", status_code: 500, response_body: "boom", error: null },
      { status: "succeeded", status_code: 200, response_body: "ok", error: null },
    ]);
    expect(entry.attempts[0].duration_ms).toEqual(expect.any(Number));
    expect(entry.attempts[0].attempted_at).toMatch(ISO_MS);
    expect((await get(`${base}/deliveries?status=failed`, own.live)).body.data).toEqual([]);
    expectError(await get(`${base}/deliveries?status=lost`, own.live), 422);
    expect(await state()).toMatchObject({ active: true, failing_since: null });
  });

  it("replays the identical bytes as a new attempt on the same delivery (202)", async () => {
    const { own, endpoint, base } = await scenario("/replay");
    const [id] = await fire(own.id, "email.clicked");
    await settled(id!);
    const replay = await call("POST", `${base}/deliveries/${id}/replay`, own.live);
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual({ id, endpoint_id: endpoint.id, queued: true });
    await waitFor(async () => (await delivery(id!)).attempts === 2, "the replayed attempt");
    const [first, second] = requestsTo("/replay");
    expect(second!.raw.equals(first!.raw)).toBe(true);
    expect(second!.headers["x-service-signature"]).toBe(first!.headers["x-service-signature"]);
    expect(second!.headers["x-service-delivery"]).toBe(id);
    expect(await delivery(id!)).toMatchObject({ status: "succeeded" });

    await call("PATCH", base, own.live, { active: false });
    const refused = await call("POST", `${base}/deliveries/${id}/replay`, own.live);
    expectError(refused, 409, "webhook_disabled");
  });

  it("disables the endpoint on 410 Gone and fails the delivery; it then gets no new deliveries", async () => {
    const { own, state } = await scenario("/gone", [{ status: 410 }]);
    const [id] = await fire(own.id);
    expect(await settled(id!)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastStatusCode: 410,
    });
    expect(await state()).toMatchObject({ active: false, disabled_reason: GONE_REASON });
    expect(await fire(own.id)).toEqual([]);
  });

  it("honours Retry-After and fails the delivery once the schedule is used up", async () => {
    const busy = (retryAfter: string) => ({ status: 503, headers: { "retry-after": retryAfter } });
    const answers = [busy("3"), busy("0"), busy("junk"), busy("1")];
    const { own, state, log } = await scenario("/busy", answers, { events: ["email.bounced"] });
    expect(await fire(own.id, "email.delivered")).toEqual([]); // not subscribed
    const [id] = await fire(own.id, "email.bounced");
    await waitFor(async () => (await delivery(id!)).attempts === 1, "the first attempt");
    const [entry] = await log();
    const waited = Date.parse(entry.next_attempt_at) - Date.parse(entry.attempts[0].attempted_at);
    expect(waited).toBeGreaterThanOrEqual(3000); // Retry-After: 3, not the 1 s schedule
    expect(waited).toBeLessThan(3000 + 5000);
    // 1 attempt + 3 retries ("1,1,1"), then failed.
    const done = await settled(id!);
    expect(done).toMatchObject({
      status: "failed",
      attempts: 4,
      lastStatusCode: 503,
      nextAttemptAt: null,
    });
    expect(requestsTo("/busy")).toHaveLength(4);
    expect(await state()).toMatchObject({
      active: true,
      failing_since: expect.stringMatching(ISO_MS),
    });
  });

  it("disables an endpoint whose deliveries have failed for more than 3 days", async () => {
    const { own, endpoint, state } = await scenario("/stale", [{ status: 500 }]);
    const since = new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000);
    await setFailingSince(endpoint.id, since);
    const [id] = await fire(own.id);
    expect(await settled(id!)).toMatchObject({ status: "failed", attempts: 1 });
    const expected = {
      active: false,
      disabled_reason: FAILING_REASON,
      failing_since: since.toISOString(),
    };
    expect(await state()).toMatchObject(expected);
  });

  it("fails a waiting delivery when its endpoint was disabled meanwhile, without sending it", async () => {
    const { own, base } = await scenario("/paused", [{ status: 500 }]);
    const [id] = await fire(own.id);
    await waitFor(async () => (await delivery(id!)).attempts === 1, "the first attempt");
    await call("PATCH", base, own.live, { active: false });
    expect(await settled(id!)).toMatchObject({
      status: "failed",
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(requestsTo("/paused")).toHaveLength(1);
  });

  it("refuses private targets at delivery time when WEBHOOK_ALLOW_PRIVATE is off", async () => {
    // Registered while allowed (as if the name resolved publicly then), delivered while not.
    const { own, log } = await scenario("/private");
    app.runtime.config.webhookAllowPrivate = false;
    try {
      const [id] = await fire(own.id);
      await waitFor(async () => (await delivery(id!)).attempts >= 1, "the refused attempt");
      const refused = { status: "failed", status_code: null, error: PRIVATE_TARGET_ERROR };
      expect((await log())[0].attempts[0]).toMatchObject(refused);
      expect(requestsTo("/private")).toHaveLength(0);
    } finally {
      app.runtime.config.webhookAllowPrivate = true;
    }
  });

  it("does nothing for a job whose delivery is settled or whose ticket is spent", async () => {
    const { own } = await scenario("/once");
    const [id] = await fire(own.id);
    await settled(id!);
    const before = requestsTo("/once").length;
    const spent = { deliveryId: id, attempt: 2, due: new Date().toISOString() };
    for (const job of [{ deliveryId: id }, spent, { deliveryId: "whd_gone" }, { nonsense: true }]) {
      await runWebhookJob(app.runtime, job);
    }
    expect(requestsTo("/once")).toHaveLength(before);
    expect(await delivery(id!)).toMatchObject({ status: "succeeded", attempts: 1 });
  });
});
