import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { JOBS } from "@/lib/jobs/names";
import { deliverWebhookJob } from "@/lib/webhooks/deliver";
import { enqueueWebhookDeliveries } from "@/lib/webhooks/enqueue";
import type { WebhookEventType } from "@/lib/webhooks/event-types";
import { PRIVATE_TARGET_ERROR, postWebhookRequest } from "@/lib/webhooks/outbound";
import { FAILING_REASON, GONE_REASON } from "@/lib/webhooks/plan";
import { signWebhookPayload } from "@/lib/webhooks/signature";
import { startTestApp, type TestApp, type TestProject } from "../support/app";
import { expectError, expectRequiresKey, ISO_MS } from "../support/checks";

// A real receiver on loopback: per-path scripted answers (then 200), every request recorded raw.
type Received = { path: string; headers: http.IncomingHttpHeaders; raw: Buffer };
type Answer = { status: number; headers?: Record<string, string>; body?: string };
const received: Received[] = [];
const scripts = new Map<string, Answer[]>();
let receiver: http.Server;
let receiverUrl: string;

let app: TestApp;
let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  app = await startTestApp({
    worker: "embedded",
    env: { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_RETRY_SCHEDULE_SECONDS: "1,1,1" },
  });
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, raw: Buffer.concat(chunks) });
      const answer = scripts.get(path)?.shift() ?? { status: 200, body: "ok" };
      res.writeHead(answer.status, answer.headers).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

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

async function createEndpoint(
  path: string,
  body: Record<string, unknown> = {},
  key = project.live,
) {
  const created = await app.api("/v1/webhooks", {
    method: "POST",
    key,
    body: { url: `${receiverUrl}${path}`, ...body },
  });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string; secret: string; url: string };
}

/** What the email pipeline does on an email event, in its own transaction. */
async function fire(projectId: string, type: WebhookEventType = "email.delivered") {
  const ids = await app.runtime.db.transaction((tx) =>
    enqueueWebhookDeliveries(tx, app.runtime.jobs, {
      projectId,
      type,
      createdAt: app.clock.now(),
      data: { id: "em_test", to: "ada@example.com", subject: "Héllo ✓" },
    }),
  );
  app.runtime.jobs.notify(JOBS.deliverWebhook);
  return ids;
}

async function delivery(id: string) {
  const [row] = await app.runtime.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  return row!;
}
const settled = (id: string) =>
  waitFor(
    async () => ((await delivery(id)).status !== "pending" ? delivery(id) : null),
    `delivery ${id} to settle`,
  );
const requestsTo = (path: string) => received.filter((r) => r.path === path);

const DRIVER = process.env.MW_TEST_DRIVER ?? "pglite";

describe(`webhook endpoints API (${DRIVER})`, () => {
  it("creates with every event type by default and shows the secret on create and GET only", async () => {
    const created = await app.api("/v1/webhooks", {
      method: "POST",
      key: project.live,
      body: { url: "https://hooks.example.com/in" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: "https://hooks.example.com/in",
      description: null,
      events: [
        "email.delivered",
        "email.bounced",
        "email.complained",
        "email.opened",
        "email.clicked",
      ],
      active: true,
      disabled_reason: null,
      failing_since: null,
    });
    expect(created.body.id).toMatch(/^wh_/);
    expect(created.body.secret).toMatch(/^whsec_[0-9A-Za-z]{32,}$/);
    expect(created.body.created_at).toMatch(ISO_MS);

    const narrow = await app.api("/v1/webhooks", {
      method: "POST",
      key: project.live,
      body: {
        url: "http://hooks.example.com/b",
        events: ["email.clicked", "email.bounced", "email.clicked"],
        description: " Bounces ",
      },
    });
    expect(narrow.body).toMatchObject({
      events: ["email.bounced", "email.clicked"],
      description: "Bounces",
    });

    const fetched = await app.api(`/v1/webhooks/${created.body.id}`, { key: project.live });
    expect(fetched.body).toEqual(created.body);
    const list = await app.api("/v1/webhooks?limit=1", { key: project.live });
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([narrow.body.id]);
    expect(list.body.data[0]).not.toHaveProperty("secret");
    const next = await app.api(
      `/v1/webhooks?limit=1&cursor=${encodeURIComponent(list.body.next_cursor)}`,
      { key: project.live },
    );
    expect(next.body.data[0].id).toBe(created.body.id);
  });

  it("patches url, events, description and active; re-enabling clears the failure state", async () => {
    const endpoint = await createEndpoint("/patch");
    const patched = await app.api(`/v1/webhooks/${endpoint.id}`, {
      method: "PATCH",
      key: project.live,
      body: { url: "https://hooks.example.com/new", events: ["email.opened"], description: "New" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      url: "https://hooks.example.com/new",
      events: ["email.opened"],
      description: "New",
      secret: endpoint.secret,
    });
    const off = await app.api(`/v1/webhooks/${endpoint.id}`, {
      method: "PATCH",
      key: project.live,
      body: { active: false },
    });
    expect(off.body).toMatchObject({ active: false, disabled_reason: "disabled by a user" });
    await app.runtime.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date() })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const on = await app.api(`/v1/webhooks/${endpoint.id}`, {
      method: "PATCH",
      key: project.live,
      body: { active: true },
    });
    expect(on.body).toMatchObject({
      active: true,
      disabled_reason: null,
      failing_since: null,
      description: "New",
    });
  });

  it("answers bad input with 422 and malformed JSON with 400", async () => {
    const bad: unknown[] = [
      {},
      { url: "" },
      { url: 42 },
      { url: "/relative" },
      { url: "ftp://hooks.example.com/" },
      { url: `https://hooks.example.com/${"a".repeat(2048)}` },
      { url: "https://hooks.example.com/", events: [] },
      { url: "https://hooks.example.com/", events: ["email.sent"] },
      { url: "https://hooks.example.com/", events: "email.delivered" },
      { url: "https://hooks.example.com/", description: "d".repeat(501) },
      [],
    ];
    for (const body of bad) {
      expectError(
        await app.api("/v1/webhooks", { method: "POST", key: project.live, body }),
        422,
        "validation_error",
      );
    }
    const unknown = await app.api("/v1/webhooks", {
      method: "POST",
      key: project.live,
      body: { url: "https://x.example.com/", events: ["email.sent"] },
    });
    expect(unknown.body.error.details[0]).toMatchObject({
      path: "events.0",
      message: expect.stringContaining("email.delivered"),
    });
    expectError(
      await app.api("/v1/webhooks", { method: "POST", key: project.live, rawBody: "{nope" }),
      400,
      "invalid_json",
    );
    const endpoint = await createEndpoint("/bad");
    for (const body of [{ active: "yes" }, { events: [] }, { url: "mailto:a@b.co" }]) {
      expectError(
        await app.api(`/v1/webhooks/${endpoint.id}`, { method: "PATCH", key: project.live, body }),
        422,
      );
    }
  });

  it("refuses literal private targets at creation unless WEBHOOK_ALLOW_PRIVATE is set", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "";
    try {
      for (const url of [
        "http://127.0.0.1/",
        "http://localhost:8080/x",
        "http://[::1]/",
        "http://169.254.169.254/",
        "http://0x7f.1/",
        "http://10.1.2.3/",
      ]) {
        const response = await app.api("/v1/webhooks", {
          method: "POST",
          key: project.live,
          body: { url },
        });
        expectError(response, 422);
        expect(response.body.error.details[0].message).toMatch(/private/);
      }
      const publicIp = await app.api("/v1/webhooks", {
        method: "POST",
        key: project.live,
        body: { url: "https://8.8.8.8/hook" },
      });
      expect(publicIp.status).toBe(201);
      await app.api(`/v1/webhooks/${publicIp.body.id}`, { method: "DELETE", key: project.live });
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    }
  });

  it("keeps projects apart (404) and requires a key (401)", async () => {
    const own = await app.createProject({ name: "Scoped" });
    const endpoint = await createEndpoint("/scoped", {}, own.live);
    const [deliveryId] = await fire(own.id, "email.opened");
    const base = `/v1/webhooks/${endpoint.id}`;
    expectError(await app.api(base, { key: other.live }), 404, "not_found");
    expectError(
      await app.api(base, { method: "PATCH", key: other.live, body: { active: false } }),
      404,
    );
    expectError(await app.api(base, { method: "DELETE", key: other.live }), 404);
    expectError(await app.api(`${base}/deliveries`, { key: other.live }), 404);
    expectError(
      await app.api(`${base}/deliveries/${deliveryId}/replay`, { method: "POST", key: other.live }),
      404,
    );
    expectError(
      await app.api(`/v1/webhooks/wh_missing/deliveries/${deliveryId}/replay`, {
        method: "POST",
        key: own.live,
      }),
      404,
    );
    expectError(
      await app.api(`${base}/deliveries/whd_missing/replay`, { method: "POST", key: own.live }),
      404,
    );
    expect((await app.api("/v1/webhooks", { key: other.live })).body.data).toEqual([]);
    await expectRequiresKey(app, "GET", "/v1/webhooks");
    await expectRequiresKey(app, "POST", "/v1/webhooks");
    for (const method of ["GET", "PATCH", "DELETE"]) await expectRequiresKey(app, method, base);
    await expectRequiresKey(app, "GET", `${base}/deliveries`);
    await expectRequiresKey(app, "POST", `${base}/deliveries/${deliveryId}/replay`);

    const deleted = await app.api(base, { method: "DELETE", key: own.live });
    expect(deleted.body).toEqual({ id: endpoint.id, deleted: true });
    expectError(await app.api(base, { key: own.live }), 404);
    expectError(await app.api(base, { method: "DELETE", key: own.live }), 404);
  });
});

describe(`webhook deliveries (${DRIVER})`, () => {
  it("signs the raw body, retries a 500 and succeeds on the next attempt; both attempts are logged", async () => {
    const own = await app.createProject({ name: "Retry" });
    const endpoint = await createEndpoint("/retry", {}, own.live);
    scripts.set("/retry", [{ status: 500, body: "boom" }]);
    const [id] = await fire(own.id, "email.delivered");
    expect(await settled(id!)).toMatchObject({
      status: "succeeded",
      attempts: 2,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });

    const requests = requestsTo("/retry");
    expect(requests).toHaveLength(2);
    const stored = (await delivery(id!)).payload;
    for (const request of requests) {
      // Verify exactly as a receiver must: HMAC of the bytes received, with the endpoint's secret.
      expect(request.headers["x-service-signature"]).toBe(
        signWebhookPayload(endpoint.secret, request.raw.toString("utf8")),
      );
      expect(request.raw.toString("utf8")).toBe(stored);
      expect(request.headers).toMatchObject({
        "content-type": "application/json",
        "user-agent": "Mailwright-Webhooks/1",
        "x-service-event": "email.delivered",
        "x-service-delivery": id,
      });
      expect(
        Math.abs(Number(request.headers["x-service-timestamp"]) - Date.now() / 1000),
      ).toBeLessThan(60);
    }
    expect(JSON.parse(stored)).toMatchObject({
      type: "email.delivered",
      created_at: expect.stringMatching(ISO_MS),
      data: { id: "em_test", to: "ada@example.com", subject: "Héllo ✓" },
    });

    const log = await app.api(`/v1/webhooks/${endpoint.id}/deliveries`, { key: own.live });
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(1);
    const [entry] = log.body.data;
    expect(entry).toMatchObject({
      id,
      endpoint_id: endpoint.id,
      event_type: "email.delivered",
      status: "succeeded",
      attempt_count: 2,
    });
    expect(entry.attempts).toMatchObject([
      { status: "failed", status_code: 500, response_body: "boom", error: null },
      { status: "succeeded", status_code: 200, response_body: "ok", error: null },
    ]);
    expect(entry.attempts[0].duration_ms).toEqual(expect.any(Number));
    expect(entry.attempts[0].attempted_at).toMatch(ISO_MS);
    expect(
      (await app.api(`/v1/webhooks/${endpoint.id}/deliveries?status=failed`, { key: own.live }))
        .body.data,
    ).toEqual([]);
    expectError(
      await app.api(`/v1/webhooks/${endpoint.id}/deliveries?status=lost`, { key: own.live }),
      422,
    );
    const after = await app.api(`/v1/webhooks/${endpoint.id}`, { key: own.live });
    expect(after.body).toMatchObject({ active: true, failing_since: null });
  });

  it("replays the identical bytes as a new attempt on the same delivery (202)", async () => {
    const own = await app.createProject({ name: "Replay" });
    const endpoint = await createEndpoint("/replay", {}, own.live);
    const [id] = await fire(own.id, "email.clicked");
    await settled(id!);
    const replay = await app.api(`/v1/webhooks/${endpoint.id}/deliveries/${id}/replay`, {
      method: "POST",
      key: own.live,
    });
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual({ id, endpoint_id: endpoint.id, queued: true });
    await waitFor(async () => (await delivery(id!)).attempts === 2, "the replayed attempt");
    const [first, second] = requestsTo("/replay");
    expect(second!.raw.equals(first!.raw)).toBe(true);
    expect(second!.headers["x-service-signature"]).toBe(first!.headers["x-service-signature"]);
    expect(second!.headers["x-service-delivery"]).toBe(id);
    expect(await delivery(id!)).toMatchObject({ status: "succeeded" });

    await app.api(`/v1/webhooks/${endpoint.id}`, {
      method: "PATCH",
      key: own.live,
      body: { active: false },
    });
    expectError(
      await app.api(`/v1/webhooks/${endpoint.id}/deliveries/${id}/replay`, {
        method: "POST",
        key: own.live,
      }),
      409,
      "webhook_disabled",
    );
  });

  it("disables the endpoint on 410 Gone and fails the delivery; a disabled endpoint gets no new deliveries", async () => {
    const own = await app.createProject({ name: "Gone" });
    const endpoint = await createEndpoint("/gone", {}, own.live);
    scripts.set("/gone", [{ status: 410 }]);
    const [id] = await fire(own.id);
    expect(await settled(id!)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastStatusCode: 410,
    });
    const after = await app.api(`/v1/webhooks/${endpoint.id}`, { key: own.live });
    expect(after.body).toMatchObject({ active: false, disabled_reason: GONE_REASON });
    expect(await fire(own.id)).toEqual([]);
  });

  it("honours Retry-After and fails the delivery once the schedule is used up", async () => {
    const own = await app.createProject({ name: "Exhaust" });
    const endpoint = await createEndpoint("/busy", { events: ["email.bounced"] }, own.live);
    expect(await fire(own.id, "email.delivered")).toEqual([]); // not subscribed
    const busy = (retryAfter: string) => ({
      status: 503,
      headers: { "retry-after": retryAfter },
      body: "busy",
    });
    scripts.set("/busy", [busy("3"), busy("0"), busy("junk"), busy("1")]);
    const [id] = await fire(own.id, "email.bounced");
    const first = await waitFor(
      async () => ((await delivery(id!)).attempts === 1 ? delivery(id!) : null),
      "the first attempt",
    );
    const log = await app.api(`/v1/webhooks/${endpoint.id}/deliveries`, { key: own.live });
    const waited =
      first.nextAttemptAt!.getTime() - Date.parse(log.body.data[0].attempts[0].attempted_at);
    expect(waited).toBeGreaterThanOrEqual(3000); // Retry-After: 3, not the 1 s schedule
    expect(waited).toBeLessThan(3000 + 5000);
    // 1 attempt + 3 retries ("1,1,1"), then failed.
    expect(await settled(id!)).toMatchObject({
      status: "failed",
      attempts: 4,
      lastStatusCode: 503,
      nextAttemptAt: null,
    });
    expect(requestsTo("/busy")).toHaveLength(4);
    const after = await app.api(`/v1/webhooks/${endpoint.id}`, { key: own.live });
    expect(after.body).toMatchObject({
      active: true,
      failing_since: expect.stringMatching(ISO_MS),
    });
    scripts.delete("/busy");
  });

  it("disables an endpoint whose deliveries have failed for more than 3 days", async () => {
    const own = await app.createProject({ name: "Stale" });
    const endpoint = await createEndpoint("/stale", {}, own.live);
    const since = new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000);
    await app.runtime.db
      .update(webhookEndpoints)
      .set({ failingSince: since })
      .where(eq(webhookEndpoints.id, endpoint.id));
    scripts.set("/stale", [{ status: 500 }]);
    const [id] = await fire(own.id);
    expect(await settled(id!)).toMatchObject({ status: "failed", attempts: 1 });
    const after = await app.api(`/v1/webhooks/${endpoint.id}`, { key: own.live });
    expect(after.body).toMatchObject({
      active: false,
      disabled_reason: FAILING_REASON,
      failing_since: since.toISOString(),
    });
  });

  it("fails a waiting delivery when its endpoint was disabled meanwhile, without sending it", async () => {
    const own = await app.createProject({ name: "Paused" });
    const endpoint = await createEndpoint("/paused", {}, own.live);
    scripts.set("/paused", [{ status: 500 }]);
    const [id] = await fire(own.id);
    await waitFor(async () => (await delivery(id!)).attempts === 1, "the first attempt");
    await app.api(`/v1/webhooks/${endpoint.id}`, {
      method: "PATCH",
      key: own.live,
      body: { active: false },
    });
    expect(await settled(id!)).toMatchObject({
      status: "failed",
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(requestsTo("/paused")).toHaveLength(1);
  });

  it("refuses private targets at delivery time when WEBHOOK_ALLOW_PRIVATE is off", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "";
    try {
      const direct = await postWebhookRequest({
        url: `${receiverUrl}/direct`,
        body: "{}",
        headers: {},
      });
      expect(direct).toMatchObject({ statusCode: null, error: PRIVATE_TARGET_ERROR });
      expect(requestsTo("/direct")).toHaveLength(0);

      const own = await app.createProject({ name: "Private" });
      // Registered while allowed (as if the name resolved publicly then), delivered while not.
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
      const endpoint = await createEndpoint("/private", {}, own.live);
      process.env.WEBHOOK_ALLOW_PRIVATE = "";
      const [id] = await fire(own.id);
      await waitFor(async () => (await delivery(id!)).attempts >= 1, "the refused attempt");
      const log = await app.api(`/v1/webhooks/${endpoint.id}/deliveries`, { key: own.live });
      expect(log.body.data[0].attempts[0]).toMatchObject({
        status: "failed",
        status_code: null,
        error: PRIVATE_TARGET_ERROR,
      });
      expect(requestsTo("/private")).toHaveLength(0);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    }
  });

  it("does nothing for a job whose delivery is settled or whose ticket is spent", async () => {
    const own = await app.createProject({ name: "Idempotent" });
    await createEndpoint("/once", {}, own.live);
    const [id] = await fire(own.id);
    await settled(id!);
    const before = requestsTo("/once").length;
    await deliverWebhookJob(app.runtime, { deliveryId: id });
    await deliverWebhookJob(app.runtime, {
      deliveryId: id,
      attempt: 2,
      due: new Date().toISOString(),
    });
    await deliverWebhookJob(app.runtime, { deliveryId: "whd_gone" });
    await deliverWebhookJob(app.runtime, { nonsense: true });
    expect(requestsTo("/once")).toHaveLength(before);
    expect(await delivery(id!)).toMatchObject({ status: "succeeded", attempts: 1 });
  });
});
