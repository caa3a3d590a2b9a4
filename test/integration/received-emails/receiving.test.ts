import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { receivedEmails } from "@/db/schema";
import { startBounceReceiver } from "@/lib/inbound/receiver";
import { listReceivedEmailSummaries } from "@/lib/received-emails/list";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { mimeMessage, smtpTransaction } from "../../support/received-mail";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";
import { listen, type Listener } from "../../support/webhook-events";

/**
 * DECISIONS §16 end to end: a domain's receiving switch, the receiver accepting (or refusing)
 * mail for its addresses over SMTP, and what the API and the `email.received` webhook then say.
 */
let app: TestApp;
let project: TestProject;
let receiver: Awaited<ReturnType<typeof startBounceReceiver>>;
let hooks: WebhookReceiver;
let listener: Listener;
let domainId: string;

const pdf = Buffer.from("%PDF-1.4\n% a tiny invoice\n%%EOF\n");

beforeAll(async () => {
  app = await startTestApp({
    worker: "embedded",
    config: { webhookAllowPrivate: true, appUrl: "https://mail.example.net" },
  });
  project = await app.createProject({ domain: "acme.test" });
  receiver = await startBounceReceiver(app.runtime, { port: 0, host: "127.0.0.1" });
  hooks = await startWebhookReceiver();
  listener = await listen(app, project, hooks, ["email.received"]);
  const domains = await app.api("/v1/domains", { key: project.live });
  domainId = domains.body.data[0].id;
});
afterAll(async () => {
  await receiver?.close();
  await hooks?.close();
  await app?.close();
});

const receiving = (key: string, id: string, on: boolean) =>
  app.api(`/v1/domains/${id}`, { method: "PATCH", key, body: { receiving: on } });
const list = async (key = project.live) =>
  (await app.api("/v1/received-emails", { key })).body.data as { id: string; subject: string }[];

describe(`receiving email at a domain (${TEST_DRIVER})`, () => {
  it("refuses mail for a domain that does not receive (550 at RCPT): never a relay", async () => {
    const { raw } = mimeMessage({ to: "support@acme.test" });
    for (const to of ["support@acme.test", "someone@elsewhere.example"]) {
      const reply = await smtpTransaction(receiver.port, { to: [to] }, raw);
      expect(reply.rcpt[0]).toMatch(/^550 5\.1\.1/);
    }
    expect(await list()).toEqual([]);
  });

  it("turns receiving on for a verified domain and adds the domain's own MX to its records", async () => {
    const on = await receiving(project.live, domainId, true);
    expect(on.status, on.text).toBe(200);
    expect(on.body.receiving).toBe(true);
    const mx = on.body.records.find((r: { purpose: string }) => r.purpose === "inbound_mx");
    expect(mx).toMatchObject({
      type: "MX",
      name: "acme.test",
      host: "@",
      value: "10 mail.example.net",
      priority: 10,
      required: true,
    });
    const read = await app.api(`/v1/domains/${domainId}`, { key: project.live });
    expect(read.body.receiving).toBe(true);
  });

  it("refuses receiving on an unverified domain (422 domain_not_verified)", async () => {
    const added = await app.api("/v1/domains", {
      method: "POST",
      key: project.live,
      body: { name: "unverified.test" },
    });
    expect(added.status, added.text).toBe(201);
    const refused = await receiving(project.live, added.body.id, true);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("domain_not_verified");
    const off = await receiving(project.live, added.body.id, false);
    expect(off.status, off.text).toBe(200);
  });

  it("lets one project only receive at a domain name (409 domain_receiving_taken)", async () => {
    const other = await app.createProject({ name: "Other", domain: "acme.test" });
    const [otherDomain] = (await app.api("/v1/domains", { key: other.live })).body.data;
    const taken = await receiving(other.live, otherDomain.id, true);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("domain_receiving_taken");
    // Turning it on again where it is on already is no conflict.
    expect((await receiving(project.live, domainId, true)).status).toBe(200);
  });

  it("keeps a message as a received email: list, get, attachment bytes and a webhook", async () => {
    const { raw, messageId } = mimeMessage({
      to: "Support <support@acme.test>",
      cc: "sales@acme.test, boss@elsewhere.example",
      subject: "Invoice question",
      attachment: { filename: "invoice.pdf", contentType: "application/pdf", bytes: pdf },
    });
    const reply = await smtpTransaction(
      receiver.port,
      { to: ["support@acme.test", "SALES@Acme.Test"] },
      raw,
    );
    expect(reply.rcpt).toEqual([expect.stringMatching(/^250/), expect.stringMatching(/^250/)]);
    expect(reply.final).toMatch(/^250/);

    const [summary] = await list();
    expect(summary!.id).toMatch(/^re_[0-9a-z]{26}$/);
    const got = await app.api(`/v1/received-emails/${summary!.id}`, { key: project.live });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: summary!.id,
      from: "Ada Lovelace <ada@sender.example>",
      to: ["support@acme.test"],
      cc: ["sales@acme.test", "boss@elsewhere.example"],
      subject: "Invoice question",
      text: expect.stringContaining("Hello in plain text."),
      html: expect.stringContaining("<p>Hello in <b>HTML</b>.</p>"),
      message_id: messageId,
      in_reply_to_email_id: null,
      attachments: [
        {
          id: expect.stringMatching(/^ra_/),
          filename: "invoice.pdf",
          content_type: "application/pdf",
          size: pdf.length,
        },
      ],
    });
    expect(got.body.headers).toMatchObject({
      subject: "Invoice question",
      "message-id": messageId,
      "x-custom": "one\ntwo",
    });

    // The dashboard's list: a snippet and the number of attachments instead of the bodies.
    const summaries = await listReceivedEmailSummaries(app.ctx(project.id), {});
    expect(summaries.data[0]).toMatchObject({
      id: summary!.id,
      subject: "Invoice question",
      snippet: "Hello in plain text.",
      attachments: 1,
    });

    const attachment = got.body.attachments[0];
    const download = await fetch(
      `${app.baseUrl}/api/v1/received-emails/${summary!.id}/attachments/${attachment.id}`,
      { headers: { authorization: `Bearer ${project.live}` } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="invoice\.pdf"/,
    );
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    const [hook] = await listener.waitFor("email.received", (d) => d.id === summary!.id);
    expect(hook!.data).toEqual({
      id: summary!.id,
      from: "Ada Lovelace <ada@sender.example>",
      to: ["support@acme.test"],
      subject: "Invoice question",
    });

    // The sender retries (it never saw our 250): kept once, announced once.
    expect(
      (await smtpTransaction(receiver.port, { to: ["support@acme.test"] }, raw)).final,
    ).toMatch(/^250/);
    expect((await list()).filter((m) => m.subject === "Invoice question")).toHaveLength(1);
  });

  it("keeps a received email to its project: another project's key gets 404", async () => {
    const [mine] = await list();
    const other = await app.createProject({ name: "Stranger", domain: "stranger.test" });
    const got = await app.api(`/v1/received-emails/${mine!.id}`, { key: other.live });
    expect(got.status).toBe(404);
    const { body } = await app.api(`/v1/received-emails/${mine!.id}`, { key: project.live });
    const attachment = await app.api(
      `/v1/received-emails/${mine!.id}/attachments/${body.attachments[0].id}`,
      { key: other.live },
    );
    expect(attachment.status).toBe(404);
    expect(await list(other.live)).toEqual([]);
  });

  it("keeps one message for two projects' domains once in each", async () => {
    const other = await app.createProject({ name: "Neighbour", domain: "neighbour.test" });
    const [theirs] = (await app.api("/v1/domains", { key: other.live })).body.data;
    expect((await receiving(other.live, theirs.id, true)).status).toBe(200);
    const { raw } = mimeMessage({ to: "a@acme.test, b@neighbour.test", subject: "For both" });
    const reply = await smtpTransaction(
      receiver.port,
      { to: ["a@acme.test", "b@neighbour.test"] },
      raw,
    );
    expect(reply.final).toMatch(/^250/);
    expect((await list()).filter((m) => m.subject === "For both")).toHaveLength(1);
    expect((await list(other.live)).map((m) => m.subject)).toEqual(["For both"]);
  });

  it("takes 100 recipients at receiving domains per message (452 4.5.3 after that), and keeps it once", async () => {
    const to = Array.from({ length: 101 }, (_, i) => `desk${i}@acme.test`);
    const { raw } = mimeMessage({ to: "desk0@acme.test", subject: "To every desk" });
    const reply = await smtpTransaction(receiver.port, { to }, raw);
    expect(reply.rcpt.slice(0, 100).every((r) => r.startsWith("250"))).toBe(true);
    expect(reply.rcpt[100]).toMatch(/^452 4\.5\.3 /);
    expect(reply.final).toMatch(/^250 /);
    const kept = (await list()).filter((m) => m.subject === "To every desk");
    expect(kept).toHaveLength(1);
  });

  it("pages newest first like every list", async () => {
    for (const subject of ["Page one", "Page two", "Page three"]) {
      const { raw } = mimeMessage({ to: "pages@acme.test", subject });
      expect(
        (await smtpTransaction(receiver.port, { to: ["pages@acme.test"] }, raw)).final,
      ).toMatch(/^250/);
    }
    const first = await app.api("/v1/received-emails?limit=2", { key: project.live });
    expect(first.body.data.map((m: { subject: string }) => m.subject)).toEqual([
      "Page three",
      "Page two",
    ]);
    expect(first.body.has_more).toBe(true);
    const second = await app.api(`/v1/received-emails?limit=2&cursor=${first.body.next_cursor}`, {
      key: project.live,
    });
    expect(second.body.data[0].subject).toBe("Page one");
  });

  it("refuses a message that would put the project over its storage limit (552 5.2.2)", async () => {
    const stored = (
      await app.runtime.db
        .select({ size: receivedEmails.size })
        .from(receivedEmails)
        .where(eq(receivedEmails.projectId, project.id))
    ).reduce((sum, row) => sum + row.size, 0);
    const before = (await list()).length;
    const { raw } = mimeMessage({ to: "support@acme.test", subject: "One too many" });
    const tight = await startBounceReceiver(
      {
        ...app.runtime,
        config: { ...app.runtime.config, inboundMaxStoredBytesPerProject: stored + 100 },
      },
      { port: 0, host: "127.0.0.1" },
    );
    try {
      const reply = await smtpTransaction(tight.port, { to: ["support@acme.test"] }, raw);
      expect(reply.rcpt[0]).toMatch(/^250/);
      expect(reply.final).toMatch(/^552 5\.2\.2/);
    } finally {
      await tight.close();
    }
    expect(await list()).toHaveLength(before);
  });

  it("looks a domain up once a connection, however many recipients name it", async () => {
    // 10,000 pipelined RCPT at one domain were 10,000 lookups in a row (the fuzz test's client
    // of test/integration/submission/fuzz.test.ts held the port's other clients behind them).
    let lookups = 0;
    const counted = new Proxy(app.runtime.db, {
      get(target, property) {
        if (property === "select") lookups++;
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const counting = await startBounceReceiver(
      { ...app.runtime, db: counted },
      { port: 0, host: "127.0.0.1" },
    );
    const recipients = Array.from({ length: 300 }, (_, i) => `user${i}@elsewhere.example`);
    try {
      const { raw } = mimeMessage({ to: recipients[0]! });
      const reply = await smtpTransaction(counting.port, { to: recipients }, raw);
      expect(reply.rcpt).toHaveLength(300);
      expect(reply.rcpt.every((r) => /^550 5\.1\.1/.test(r))).toBe(true);
    } finally {
      await counting.close();
    }
    expect(lookups).toBe(1);
  });

  it("asks again after a lookup that failed (451), not keeping the failure", async () => {
    let selects = 0;
    const failingOnce = new Proxy(app.runtime.db, {
      get(target, property) {
        if (property === "select" && selects++ === 0)
          return () => {
            throw new Error("database unavailable");
          };
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const flaky = await startBounceReceiver(
      { ...app.runtime, db: failingOnce },
      { port: 0, host: "127.0.0.1" },
    );
    const recipients = ["a@elsewhere.example", "b@elsewhere.example"];
    try {
      const { raw } = mimeMessage({ to: recipients[0]! });
      const reply = await smtpTransaction(flaky.port, { to: recipients }, raw);
      expect(reply.rcpt[0]).toMatch(/^451 4\.3\.0/);
      expect(reply.rcpt[1]).toMatch(/^550 5\.1\.1/);
    } finally {
      await flaky.close();
    }
    expect(selects).toBe(2);
  });

  it("answers 451 when it cannot record, and the retry keeps the message once", async () => {
    const unavailable = new Proxy(app.runtime.db, {
      get(target, property) {
        if (property === "transaction")
          return () => Promise.reject(new Error("database unavailable"));
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const broken = await startBounceReceiver(
      { ...app.runtime, db: unavailable },
      { port: 0, host: "127.0.0.1" },
    );
    const { raw } = mimeMessage({ to: "support@acme.test", subject: "Retried later" });
    try {
      const reply = await smtpTransaction(broken.port, { to: ["support@acme.test"] }, raw);
      expect(reply.final).toMatch(/^451 4\.3\.0/);
    } finally {
      await broken.close();
    }
    expect((await list()).some((m) => m.subject === "Retried later")).toBe(false);
    const retry = await smtpTransaction(receiver.port, { to: ["support@acme.test"] }, raw);
    expect(retry.final).toMatch(/^250/);
    expect((await list()).filter((m) => m.subject === "Retried later")).toHaveLength(1);
  });

  it("stops receiving when the switch is turned off", async () => {
    expect((await receiving(project.live, domainId, false)).body.receiving).toBe(false);
    const { raw } = mimeMessage({ to: "support@acme.test" });
    const reply = await smtpTransaction(receiver.port, { to: ["support@acme.test"] }, raw);
    expect(reply.rcpt[0]).toMatch(/^550/);
    const read = await app.api(`/v1/domains/${domainId}`, { key: project.live });
    expect(read.body.records.map((r: { purpose: string }) => r.purpose)).not.toContain(
      "inbound_mx",
    );
    expect((await receiving(project.live, domainId, true)).status).toBe(200);
  });
});
