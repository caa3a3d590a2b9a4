import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/db";
import { emails, suppressions } from "@/db/schema";
import { fixedClock } from "@/lib/core/clock";
import { deliverEmails } from "@/lib/sending/deliver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey, ISO_MS } from "../../support/checks";
import { startSmtpServer, waitFor } from "../../support/smtp-server";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;
let other: TestProject;
let receiver: WebhookReceiver;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    worker: "embedded",
    config: { smtpUrl: smtp.url, webhookAllowPrivate: true },
  });
  project = await app.createProject({ domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
  receiver = await startWebhookReceiver();
  const hook = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: { url: `${receiver.url}/hooks`, events: ["email.delivered"] },
  });
  expect(hook.status, hook.text).toBe(201);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await receiver?.close();
});

const post = (path: string, body: unknown, key = project.live, headers?: Record<string, string>) =>
  app.api(path, { method: "POST", key, body, headers });
const getEmail = async (id: string, key = project.live) =>
  (await app.api(`/v1/emails/${id}`, { key })).body;
const countEmails = async (projectId = project.id) =>
  (await app.runtime.db.select().from(emails).where(eq(emails.projectId, projectId))).length;
const received = (id: string) => smtp.received.find((m) => m.messageId?.includes(id));

/** When the queue's delivery jobs for an email start (pg-boss startAfter), as ISO strings. */
async function jobStarts(emailId: string): Promise<string[]> {
  const result = await app.runtime.db.execute(sql`
    select start_after from pgboss.job
    where name = 'email-deliver' and data->'emailIds' @> jsonb_build_array(${emailId}::text)`);
  return rowsOf<{ start_after: string | Date }>(result).map((r) =>
    new Date(r.start_after).toISOString(),
  );
}

const item = (to: string, extra: object = {}) => ({
  from: "Acme <hello@mail.test>",
  to,
  subject: `Hi ${to}`,
  html: "<p>Hello</p>",
  ...extra,
});

describe(`POST /v1/send/batch (${TEST_DRIVER})`, () => {
  it("records every email in one request, each delivered, with its tags on GET and in webhooks", async () => {
    const tags = [{ name: "category", value: "welcome" }];
    const res = await post("/v1/send/batch", [
      item("b1@example.com", { tags }),
      item("b2@example.com"),
      item("b3@example.com"),
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(3);
    for (const result of res.body.data)
      expect(result).toEqual({
        id: expect.stringMatching(/^em_/),
        status: "sent",
        messageId: expect.any(String),
      });
    const [first] = res.body.data;
    await waitFor(() => received(first.id), 15_000, "first email");
    for (const { id } of res.body.data) await waitFor(() => received(id), 15_000, id);
    const email = await getEmail(first.id);
    expect(email.tags).toEqual(tags);
    expect((await getEmail(res.body.data[1].id)).tags).toEqual([]);
    const hook = await waitFor(
      () =>
        receiver
          .payloads<{ type: string; data: Record<string, unknown> }>()
          .find((h) => h.type === "email.delivered" && h.data.id === first.id),
      15_000,
      "email.delivered webhook",
    );
    expect(hook.data.tags).toEqual(tags);
  });

  it("fails the whole batch with 422 naming the first bad item's index; nothing is recorded", async () => {
    const before = await countEmails();
    const badTo = await post("/v1/send/batch", [
      item("ok@example.com"),
      item("ok2@example.com"),
      item("not an address"),
    ]);
    expectError(badTo, 422);
    expect(badTo.body.error.details).toEqual([expect.objectContaining({ path: "2.to" })]);

    const missing = await post("/v1/send/batch", [item("ok@example.com"), { to: "x@example.com" }]);
    expectError(missing, 422);
    expect(missing.body.error.details.map((d: { path: string }) => d.path)).toContain("1.from");

    await app.runtime.db.insert(suppressions).values({
      projectId: project.id,
      email: "blocked@example.com",
      reason: "manual",
    });
    const suppressed = await post("/v1/send/batch", [
      item("ok@example.com"),
      item("blocked@example.com"),
    ]);
    expectError(suppressed, 422, "recipient_suppressed");
    expect(suppressed.body.error.details).toEqual([expect.objectContaining({ path: "1.to" })]);

    const unverified = await post("/v1/send/batch", [
      item("ok@example.com", { from: "a@other.test" }),
    ]);
    expectError(unverified, 422);
    expect(unverified.body.error.details[0].path).toBe("0.from");

    const otherTemplate = await post(
      "/v1/templates",
      { name: "Theirs", subject: "Theirs", format: "html", source: "<p>x</p>" },
      other.live,
    );
    const foreign = await post("/v1/send/batch", [
      {
        from: "hello@mail.test",
        to: "ok@example.com",
        subject: "x",
        template: otherTemplate.body.id,
      },
    ]);
    expectError(foreign, 422, "template_not_found");
    expect(foreign.body.error.details[0].path).toBe("0.template");

    expectError(await post("/v1/send/batch", []), 422);
    expectError(await post("/v1/send/batch", { to: "x@example.com" }), 422);
    const tooMany = Array.from({ length: 101 }, (_, i) => item(`n${i}@example.com`));
    expectError(await post("/v1/send/batch", tooMany), 422);
    const badTag = await post("/v1/send/batch", [
      item("ok@example.com", { tags: [{ name: "a b", value: "x" }] }),
    ]);
    expectError(badTag, 422);
    expect(badTag.body.error.details[0].path).toBe("0.tags.0.name");
    expect(await countEmails()).toBe(before);
  });

  it("replays a batch for the same Idempotency-Key (200, idempotent) and sends it once", async () => {
    const before = await countEmails();
    const body = [item("idem1@example.com"), item("idem2@example.com")];
    const headers = { "Idempotency-Key": "batch-key-1" };
    const first = await post("/v1/send/batch", body, project.live, headers);
    expect(first.status, first.text).toBe(200);
    const again = await post("/v1/send/batch", body, project.live, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ data: first.body.data, idempotent: true });
    expect(await countEmails()).toBe(before + 2);
    // The same key on /v1/send is a different request: it sends, it does not replay the batch.
    const single = await post("/v1/send", item("idem3@example.com"), project.live, headers);
    expect(single.status, single.text).toBe(200);
    expect(single.body.idempotent).toBeUndefined();
    expectError(
      await post("/v1/send/batch", body, project.live, { "Idempotency-Key": "k".repeat(257) }),
      422,
    );
  });

  it("scopes batch keys per key mode and refuses a key reused with a different batch", async () => {
    const headers = { "Idempotency-Key": "batch-mode-1" };
    const testBatch = [item("bmode-test@example.com")];
    const liveBatch = [item("bmode-live1@example.com"), item("bmode-live2@example.com")];
    const simulated = await post("/v1/send/batch", testBatch, project.test, headers);
    expect(simulated.status, simulated.text).toBe(200);
    const live = await post("/v1/send/batch", liveBatch, project.live, headers);
    expect(live.status, live.text).toBe(200);
    expect(live.body.idempotent).toBeUndefined();
    expect(live.body.data).toHaveLength(2);
    for (const sent of live.body.data) {
      await waitFor(() => received(sent.id), 15_000, "the live batch's email");
      expect((await getEmail(sent.id)).test).toBe(false);
    }
    const testReplay = await post("/v1/send/batch", testBatch, project.test, headers);
    expect(testReplay.body).toEqual({ data: simulated.body.data, idempotent: true });

    const before = await countEmails();
    const changed = await post(
      "/v1/send/batch",
      [item("bmode-live1@example.com"), item("bmode-other@example.com")],
      project.live,
      headers,
    );
    expectError(changed, 422, "idempotency_key_reused");
    expect(await countEmails()).toBe(before);

    // The same batch with its keys in another order and other whitespace is a replay.
    const reordered = await app.api("/v1/send/batch", {
      method: "POST",
      key: project.live,
      headers: { ...headers, "content-type": "application/json" },
      rawBody: JSON.stringify(
        liveBatch.map((email) => Object.fromEntries(Object.entries(email).reverse())),
        null,
        2,
      ),
    });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.body).toEqual({ data: live.body.data, idempotent: true });
  });

  it("10 concurrent batches with one key record the batch once; every answer is its result", async () => {
    const before = await countEmails();
    const body = [item("race1@example.com"), item("race2@example.com")];
    const headers = { "Idempotency-Key": "batch-race" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post("/v1/send/batch", body, project.live, headers)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect(answers.filter((a) => a.body.idempotent === true)).toHaveLength(9);
    expect(await countEmails()).toBe(before + 2);
  });

  it("holds test keys to reserved domains (403) and simulates their batches; requires a key", async () => {
    const real = await post(
      "/v1/send/batch",
      [item("a@example.com"), item("someone@gmail.com")],
      project.test,
    );
    expectError(real, 403, "test_key_real_recipient");
    const simulated = await post("/v1/send/batch", [item("t1@example.com")], project.test);
    expect(simulated.status, simulated.text).toBe(200);
    expect((await getEmail(simulated.body.data[0].id)).test).toBe(true);
    await expectRequiresKey(app, "POST", "/v1/send/batch");
    // Another project cannot read the batch's emails.
    expectError(await app.api(`/v1/emails/${simulated.body.data[0].id}`, { key: other.live }), 404);
  });
});

describe(`scheduled sends and cancel (${TEST_DRIVER})`, () => {
  it("records `scheduled`, sends nothing before scheduled_at and delivers after it", async () => {
    const at = new Date(Date.now() + 3_000);
    const res = await post(
      "/v1/send",
      item("later@example.com", { scheduled_at: at.toISOString() }),
    );
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ status: "scheduled" });
    const email = await getEmail(res.body.id);
    expect(email).toMatchObject({ status: "scheduled", scheduled_at: at.toISOString() });
    // The delivery job was queued with the email, to start at scheduled_at (pg-boss startAfter).
    expect(await jobStarts(res.body.id)).toEqual([at.toISOString()]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(received(res.body.id)).toBeUndefined();
    expect((await getEmail(res.body.id)).status).toBe("scheduled");
    await waitFor(() => received(res.body.id), 15_000, "the scheduled email");
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    await waitFor(
      async () => (await getEmail(res.body.id)).status === "delivered",
      10_000,
      "delivered",
    );
    const events = await app.api(`/v1/emails/${res.body.id}/events`, { key: project.live });
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual([
      "scheduled",
      "sent",
      "delivered",
    ]);
  });

  it("never sends early by the app's clock: an early job waits, a due one sends", async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const res = await post(
      "/v1/send",
      item("clock@example.com", { scheduled_at: at.toISOString() }),
    );
    expect(res.status, res.text).toBe(202);
    // The job run by hand before its time (as if the queue started it early): nothing is sent.
    const early = await deliverEmails(
      { ...app.runtime, clock: fixedClock(new Date(at.getTime() - 1_000)) },
      [res.body.id],
    );
    expect(early.size).toBe(0);
    expect((await getEmail(res.body.id)).status).toBe("scheduled");
    // …and put itself back for the right time (otherwise the email would never go).
    // (the job queued with the email is still waiting too).
    expect(await jobStarts(res.body.id)).toEqual([at.toISOString(), at.toISOString()]);
    const due = await deliverEmails(
      { ...app.runtime, clock: fixedClock(new Date(at.getTime() + 1_000)) },
      [res.body.id],
    );
    expect(due.get(res.body.id)?.kind).toBe("delivered");
    expect(received(res.body.id)).toBeDefined();
  });

  it("cancels a scheduled email (200, never sent); 409 once not scheduled; 404 for another project", async () => {
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const res = await post("/v1/send/batch", [item("cancel@example.com", { scheduled_at: at })]);
    expect(res.status, res.text).toBe(202);
    const { id } = res.body.data[0];
    expectError(await post(`/v1/emails/${id}/cancel`, undefined, other.live), 404);
    const canceled = await post(`/v1/emails/${id}/cancel`, undefined);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body).toMatchObject({ id, status: "canceled", scheduled_at: at });
    expectError(await post(`/v1/emails/${id}/cancel`, undefined), 409, "email_not_scheduled");
    // Its job, even once due, sends nothing.
    const late = await deliverEmails(
      { ...app.runtime, clock: fixedClock(new Date(Date.parse(at) + 1_000)) },
      [id],
    );
    expect(late.size).toBe(0);
    expect(received(id)).toBeUndefined();
    expect((await getEmail(id)).status).toBe("canceled");
    const listed = await app.api("/v1/emails?status=canceled", { key: project.live });
    expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(id);

    const sent = await post("/v1/send", item("now@example.com"));
    expectError(
      await post(`/v1/emails/${sent.body.id}/cancel`, undefined),
      409,
      "email_not_scheduled",
    );
    expectError(await post("/v1/emails/em_missing/cancel", undefined), 404);
    await expectRequiresKey(app, "POST", `/v1/emails/${id}/cancel`);
  });

  it("refuses scheduled_at in the past, beyond 30 days or malformed (422)", async () => {
    const now = Date.now();
    for (const scheduled_at of [
      new Date(now - 60_000).toISOString(),
      new Date(now + 31 * 86_400_000).toISOString(),
      "tomorrow",
    ]) {
      const res = await post("/v1/send", item("x@example.com", { scheduled_at }));
      expectError(res, 422);
      expect(res.body.error.details[0].path).toBe("scheduled_at");
    }
    const inBatch = await post("/v1/send/batch", [
      item("x@example.com"),
      item("y@example.com", { scheduled_at: "2000-01-01T00:00:00Z" }),
    ]);
    expectError(inBatch, 422);
    expect(inBatch.body.error.details[0].path).toBe("1.scheduled_at");
  });

  it("stores tags on /v1/send and refuses more than 50 or bad characters", async () => {
    const tags = [
      { name: "plan", value: "pro-2" },
      { name: "user_id", value: "42" },
    ];
    const res = await post("/v1/send", item("tags@example.com", { tags }));
    expect(res.status, res.text).toBe(200);
    const email = await getEmail(res.body.id);
    expect(email.tags).toEqual(tags);
    expect(email.created_at).toMatch(ISO_MS);
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `t${i}`, value: "v" }));
    expectError(await post("/v1/send", item("tags@example.com", { tags: many })), 422);
    const bad = await post(
      "/v1/send",
      item("tags@example.com", { tags: [{ name: "ok", value: "é" }] }),
    );
    expectError(bad, 422);
    expect(bad.body.error.details[0].path).toBe("tags.0.value");
    const rows = await app.runtime.db
      .select({ tags: emails.tags })
      .from(emails)
      .where(and(eq(emails.projectId, project.id), eq(emails.id, res.body.id)));
    expect(rows[0]!.tags).toEqual(tags);
  });
});
