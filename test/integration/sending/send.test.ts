import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, suppressions } from "@/db/schema";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { emailIdFromReturnPath } from "@/lib/sending/return-path";
import { linkSigningKey } from "@/lib/tracking/key";
import { dkimResult } from "../../support/dkim";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError, expectRequiresKey } from "../../support/checks";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer({ deferCount: 1 });
  app = await startTestApp({
    worker: "embedded",
    config: { smtpUrl: smtp.url, deliveryRetryBaseSeconds: 1 },
  });
  project = await app.createProject({ domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const send = (body: unknown, key = project.live, headers?: Record<string, string>) =>
  app.api("/v1/send", { method: "POST", key, body, headers });

const emailStatus = async (id: string) =>
  (await app.api(`/v1/emails/${id}`, { key: project.live })).body;

const base = {
  from: "Acme <hello@mail.test>",
  subject: "Hi",
  html: '<p>Hello <a href="https://acme.example/x">there</a></p>',
};

describe(`POST /v1/send (${TEST_DRIVER})`, () => {
  it("sends over real SMTP: 200 sent, then delivered with DKIM and our Message-ID", async () => {
    const res = await send({ ...base, to: "ada@example.com" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^em_/),
      status: "sent",
      messageId: expect.any(String),
    });
    const message = await waitFor(
      () => smtp.received.find((m) => m.messageId === res.body.messageId),
      15_000,
      "message",
    );
    expect(message.to).toEqual(["ada@example.com"]);
    // The envelope sender is the VERP return path that names this email (DECISIONS §9).
    expect(message.from).toMatch(/^bounces\+em_[0-9a-z]{26}-[0-9a-f]{20}@bounces\.mail\.test$/);
    expect(emailIdFromReturnPath(await linkSigningKey(app.runtime), message.from)).toBe(
      res.body.id,
    );
    expect(message.raw).toMatch(/^DKIM-Signature: .*d=mail\.test/m);
    expect(await dkimResult(app.runtime.db, project.id, message.raw)).toBe("pass");
    const tampered = message.raw.replace(/^Subject: .*$/m, "Subject: Tampered");
    expect(await dkimResult(app.runtime.db, project.id, tampered)).toBe("fail");
    await waitFor(
      async () => (await emailStatus(res.body.id)).status === "delivered",
      10_000,
      "delivered",
    );
    const events = await app.api(`/v1/emails/${res.body.id}/events`, { key: project.live });
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(["sent", "delivered"]);
  });

  it("renders a template with escaped variables and generates the text part", async () => {
    const res = await send({
      from: "hello@mail.test",
      to: "grace@example.com",
      subject: "Welcome, {{first_name}}",
      template: "tpl_system_welcome",
      variables: { first_name: "Grace <b>H</b>" },
    });
    expect(res.status, res.text).toBe(200);
    const detail = await emailStatus(res.body.id);
    expect(detail.subject).toBe("Welcome, Grace <b>H</b>");
    expect(detail.html).toContain("Grace &lt;b&gt;H&lt;/b&gt;");
    expect(detail.text).toContain("Grace <b>H</b>");
  });

  it("fills {{email}} from `to` and the recipient contact's fields into a template", async () => {
    const template = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: {
        name: "Receipt",
        subject: "Receipt for {{first_name}}",
        format: "html",
        source:
          "<p>This receipt was sent to {{email}} because {{first_name}} bought {{data.plan}} ({{plan}}) - {{note}}</p>",
      },
    });
    expect(template.status, template.text).toBe(201);
    const contact = await app.api("/v1/contacts", {
      method: "POST",
      key: project.live,
      body: { email: "Lin@Example.com", name: "Lin Bo", data: { plan: "pro" } },
    });
    expect(contact.status, contact.text).toBe(201);
    const receipt = (to: string, variables?: Record<string, string>) =>
      send({
        from: "hello@mail.test",
        to,
        subject: "Receipt for {{first_name}}",
        template: template.body.id,
        variables,
      });

    const known = await receipt("lin@example.com", { note: "thanks" });
    expect(known.status, known.text).toBe(200);
    const knownEmail = await emailStatus(known.body.id);
    expect(knownEmail.subject).toBe("Receipt for Lin");
    expect(knownEmail.html).toContain(
      "This receipt was sent to lin@example.com because Lin bought pro (pro) - thanks",
    );

    // Not a contact: the address, and the display name of `to`; the request's variables win.
    const stranger = await receipt("Ada Lovelace <ada.l@example.com>", { plan: "given" });
    const strangerEmail = await emailStatus(stranger.body.id);
    expect(strangerEmail.html).toContain(
      "This receipt was sent to ada.l@example.com because Ada bought  (given) - ",
    );
  });

  it("names the document with the subject and the project's email language", async () => {
    const lang = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
    const welcome = () =>
      send({
        from: "hello@mail.test",
        to: "lang@example.com",
        subject: "Willkommen, {{first_name}}",
        template: "tpl_system_welcome",
        variables: { first_name: "Lin" },
      });
    const before = await emailStatus((await welcome()).body.id);
    expect(lang(before.html)).toBe("en");

    const ctx = app.ctx(project.id);
    await expect(updateProjectSettings(ctx, { language: "deutsch!" })).rejects.toMatchObject({
      status: 422,
    });
    await updateProjectSettings(ctx, { language: "de" });
    const after = await emailStatus((await welcome()).body.id);
    expect(lang(after.html)).toBe("de");
    expect(after.html).toContain("<title>Willkommen, Lin</title>");
    await updateProjectSettings(ctx, { language: "en" });
  });

  it("keeps CR/LF from adding headers or recipients and drops invalid cc", async () => {
    const res = await send({
      ...base,
      subject: "Hello\r\nBcc: victim@example.com",
      to: "carol@example.com",
      cc: ["ok@example.com", "not-an-address", "x@example.com\r\nBcc: evil@example.com"],
    });
    expect(res.status, res.text).toBe(200);
    const message = await waitFor(
      () => smtp.received.find((m) => m.messageId === res.body.messageId),
      15_000,
      "message",
    );
    expect(message.to.sort()).toEqual(["carol@example.com", "ok@example.com"]);
    expect(message.raw).not.toMatch(/^Bcc:/im);
    expectError(await send({ ...base, to: "a@example.com\r\nBcc: b@example.com" }), 422);
    expectError(
      await send({ ...base, from: "Acme <hello@mail.test>\nX-Evil: 1", to: "a@example.com" }),
      422,
    );
  });

  it("answers validation problems with 422 and details", async () => {
    expectError(await send({ to: "a@example.com", subject: "x", html: "<p>x</p>" }), 422);
    expectError(
      await send({ ...base, to: "a@example.com", from: "hello@unverified.test" }),
      422,
      "domain_not_verified",
    );
    expectError(
      await send({ ...base, to: "a@example.com", from: "hello@other.test" }),
      422,
      "domain_not_verified",
    );
    expectError(await send({ from: base.from, to: "a@example.com", subject: "x" }), 422);
    expectError(
      await send({ ...base, to: "a@example.com", template: "tpl_nope", html: undefined }),
      422,
      "template_not_found",
    );
    expectError(
      await send({
        ...base,
        to: "a@example.com",
        attachments: Array.from({ length: 11 }, () => ({ filename: "a.txt", content: "aGk=" })),
      }),
      422,
    );
    expectError(
      await send({
        ...base,
        to: "a@example.com",
        attachments: [{ filename: "a.txt", content: "not base64!" }],
      }),
      422,
    );
    expectError(await send({ ...base, to: "a@example.com", variables: [] }), 422);
    expectError(
      await send({ ...base, to: "a@example.com" }, project.live, {
        "idempotency-key": "k".repeat(257),
      }),
      422,
    );
  });

  it("delivers attachments", async () => {
    const res = await send({
      ...base,
      to: "files@example.com",
      attachments: [
        {
          filename: "hello.txt",
          content: Buffer.from("hello file").toString("base64"),
          content_type: "text/plain",
        },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const message = await waitFor(
      () => smtp.received.find((m) => m.messageId === res.body.messageId),
      15_000,
      "message",
    );
    expect(message.raw).toContain("filename=hello.txt");
    expect(message.raw).toContain(Buffer.from("hello file").toString("base64"));
  });

  it("bounces on SMTP 5xx: status bounced, address suppressed, further sends 422", async () => {
    const res = await send({ ...base, to: "reject-me@example.com" });
    expect(res.status).toBe(200);
    await waitFor(
      async () => (await emailStatus(res.body.id)).status === "bounced",
      10_000,
      "bounced",
    );
    const [row] = await app.runtime.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.email, "reject-me@example.com"));
    expect(row?.reason).toBe("hard_bounce");
    expectError(await send({ ...base, to: "reject-me@example.com" }), 422, "recipient_suppressed");
  });

  it("suppresses a cc and a bcc refused with SMTP 5xx while `to` is delivered", async () => {
    const res = await send({
      ...base,
      to: "kept@example.com",
      cc: ["reject-cc@example.com", "fine-cc@example.com"],
      bcc: "reject-bcc@example.com",
    });
    expect(res.status, res.text).toBe(200);
    await waitFor(
      async () => (await emailStatus(res.body.id)).status === "delivered",
      10_000,
      "delivered",
    );
    const suppressed = async (email: string) =>
      (await app.runtime.db.select().from(suppressions).where(eq(suppressions.email, email)))[0]
        ?.reason;
    expect(await suppressed("reject-cc@example.com")).toBe("hard_bounce");
    expect(await suppressed("reject-bcc@example.com")).toBe("hard_bounce");
    expect(await suppressed("fine-cc@example.com")).toBeUndefined();
    expect(await suppressed("kept@example.com")).toBeUndefined();
    const events = await app.api(`/v1/emails/${res.body.id}/events`, { key: project.live });
    const copies = events.body.data.filter((e: { type: string }) => e.type === "recipient_bounced");
    expect(copies.map((e: { data: { recipient: string } }) => e.data.recipient).sort()).toEqual([
      "reject-bcc@example.com",
      "reject-cc@example.com",
    ]);
    expect(copies[0].data).toMatchObject({ reason: "hard_bounce", code: 550 });
    // The next send to them drops them from cc/bcc, like any suppressed copy.
    const again = await send({ ...base, to: "kept@example.com", cc: "reject-cc@example.com" });
    const message = await waitFor(
      () => smtp.received.find((m) => m.messageId === again.body.messageId),
      15_000,
      "message",
    );
    expect(message.to).toEqual(["kept@example.com"]);
  });

  it("retries SMTP 4xx with backoff, then delivers", async () => {
    const res = await send({ ...base, to: "defer-once@example.com" });
    await waitFor(
      async () => (await emailStatus(res.body.id)).status === "delivered",
      15_000,
      "delivered after retry",
    );
    const events = await app.api(`/v1/emails/${res.body.id}/events`, { key: project.live });
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual([
      "sent",
      "deferred",
      "delivered",
    ]);
    expect(smtp.received.filter((m) => m.to.includes("defer-once@example.com"))).toHaveLength(1);
  });

  it("test keys: 403 for real inboxes, simulated outcomes for reserved domains, nothing on the wire", async () => {
    expectError(
      await send({ ...base, to: "someone@gmail.com" }, project.test),
      403,
      "test_key_real_recipient",
    );
    expectError(
      await send({ ...base, to: "ok@example.com", bcc: "boss@gmail.com" }, project.test),
      403,
    );
    const before = smtp.received.length;
    const delivered = await send({ ...base, to: "user@example.com" }, project.test);
    const bounced = await send({ ...base, to: "bounce+1@example.org" }, project.test);
    const complained = await send({ ...base, to: "complaint@site.test" }, project.test);
    await waitFor(
      async () => (await emailStatus(delivered.body.id)).status === "delivered",
      10_000,
    );
    await waitFor(async () => (await emailStatus(bounced.body.id)).status === "bounced", 10_000);
    await waitFor(
      async () => (await emailStatus(complained.body.id)).status === "complained",
      10_000,
    );
    const suppressed = await app.runtime.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.projectId, project.id));
    expect(suppressed.map((s) => [s.email, s.reason])).toEqual(
      expect.arrayContaining([
        ["bounce+1@example.org", "hard_bounce"],
        ["complaint@site.test", "complaint"],
      ]),
    );
    expect(smtp.received.length).toBe(before);
  });

  it("lists emails newest first with filters; other projects get 404", async () => {
    const list = await app.api("/v1/emails?limit=2&type=transactional", { key: project.live });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.has_more).toBe(true);
    const next = await app.api(
      `/v1/emails?limit=2&type=transactional&cursor=${encodeURIComponent(list.body.next_cursor)}`,
      { key: project.live },
    );
    expect(next.body.data[0].created_at <= list.body.data[1].created_at).toBe(true);
    const bounced = await app.api("/v1/emails?status=bounced", { key: project.live });
    expect(bounced.body.data.every((e: { status: string }) => e.status === "bounced")).toBe(true);
    expectError(await app.api("/v1/emails?status=lost", { key: project.live }), 422);
    expectError(await app.api(`/v1/emails/${list.body.data[0].id}`, { key: other.live }), 404);
    expectError(
      await app.api(`/v1/emails/${list.body.data[0].id}/events`, { key: other.live }),
      404,
    );
    await expectRequiresKey(app, "POST", "/v1/send");
  });
});

describe("idempotency", () => {
  it("50 concurrent requests with one key send exactly one email and all get its result", async () => {
    const key = `order-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        send({ ...base, to: "idem@example.com" }, project.live, { "idempotency-key": key }),
      ),
    );
    const ids = new Set(responses.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(responses.filter((r) => r.body.idempotent === true)).toHaveLength(49);
    const [id] = [...ids];
    await waitFor(async () => (await emailStatus(id!)).status === "delivered", 15_000);
    const count = await app.runtime.db
      .select({ id: emails.id })
      .from(emails)
      .where(eq(emails.to, "idem@example.com"));
    expect(count).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes("idem@example.com"))).toHaveLength(1);
    const replay = await send({ ...base, to: "idem@example.com" }, project.live, {
      "idempotency-key": key,
    });
    expect(Object.keys(replay.body).sort()).toEqual(["id", "idempotent", "messageId", "status"]);
  });

  it("scopes keys per project and sends again for a different key", async () => {
    const a = await send({ ...base, to: "k@example.com" }, project.live, {
      "idempotency-key": "same",
    });
    const b = await send({ ...base, to: "k@example.com" }, project.live, {
      "idempotency-key": "other",
    });
    const c = await send(
      { from: "hello@other.test", to: "k@example.com", subject: "x", html: "<p>x</p>" },
      other.live,
      { "idempotency-key": "same" },
    );
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(3);
    expect(c.body.idempotent).toBeUndefined();
  });

  it("scopes keys per key mode: a test send's key does not silence a live send", async () => {
    const headers = { "idempotency-key": "order-mode-1" };
    const testBody = { ...base, to: "mode-test@example.com" };
    const liveBody = { ...base, to: "mode-live@example.com" };
    const simulated = await send(testBody, project.test, headers);
    expect(simulated.status, simulated.text).toBe(200);
    const live = await send(liveBody, project.live, headers);
    expect(live.status, live.text).toBe(200);
    expect(live.body.idempotent).toBeUndefined();
    expect(live.body.id).not.toBe(simulated.body.id);
    // Really sent: it reaches the SMTP server, as a live email.
    await waitFor(() => smtp.received.find((m) => m.messageId === live.body.messageId), 15_000);
    expect((await emailStatus(live.body.id)).test).toBe(false);
    expect((await emailStatus(simulated.body.id)).test).toBe(true);
    // Each mode still replays its own first answer.
    const testReplay = await send(testBody, project.test, headers);
    expect(testReplay.body).toMatchObject({ id: simulated.body.id, idempotent: true });
    const liveReplay = await send(liveBody, project.live, headers);
    expect(liveReplay.body).toMatchObject({ id: live.body.id, idempotent: true });
  });

  it("refuses a key reused with a different request (422 idempotency_key_reused), sends nothing", async () => {
    const headers = { "idempotency-key": "order-reused-1" };
    const first = await send({ ...base, to: "reused-a@example.com" }, project.live, headers);
    expect(first.status, first.text).toBe(200);
    const other = await send({ ...base, to: "reused-b@example.com" }, project.live, headers);
    expectError(other, 422, "idempotency_key_reused");
    expect(other.body.error.message).toMatch(/already used with a different request/);
    const recorded = await app.runtime.db
      .select({ id: emails.id })
      .from(emails)
      .where(eq(emails.to, "reused-b@example.com"));
    expect(recorded).toHaveLength(0);
    // The key still answers its own request.
    const replay = await send({ ...base, to: "reused-a@example.com" }, project.live, headers);
    expect(replay.body).toMatchObject({ id: first.body.id, idempotent: true });
  });

  it("concurrent requests with one key and two bodies: one email, its replays, and 422s", async () => {
    const headers = { "idempotency-key": `order-race-${Date.now()}` };
    const bodies = ["race-a@example.com", "race-b@example.com"].map((to) => ({ ...base, to }));
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(bodies[i % 2], project.live, headers)),
    );
    const sent = responses.filter((r) => r.status === 200);
    expect(new Set(sent.map((r) => r.body.id)).size).toBe(1);
    expect(sent.filter((r) => r.body.idempotent === true)).toHaveLength(4);
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.body.error.code)).toEqual(Array(5).fill("idempotency_key_reused"));
    const recorded = await app.runtime.db
      .select({ id: emails.id })
      .from(emails)
      .where(inArray(emails.to, ["race-a@example.com", "race-b@example.com"]));
    expect(recorded.map((r) => r.id)).toEqual([sent[0]!.body.id]);
  });

  it("replays the same request whatever its JSON key order and whitespace", async () => {
    const headers = { "idempotency-key": "order-canonical-1", "content-type": "application/json" };
    const first = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      headers,
      rawBody: JSON.stringify({ ...base, to: "canonical@example.com", tags: [] }),
    });
    expect(first.status, first.text).toBe(200);
    const reordered = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      headers,
      rawBody: `{ "tags": [],\n  "to": "canonical@example.com", "html": ${JSON.stringify(base.html)},
        "subject": "Hi", "from": "Acme <hello@mail.test>" }`,
    });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.body).toMatchObject({ id: first.body.id, idempotent: true });
  });
});
