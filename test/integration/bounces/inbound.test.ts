import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { ImapFlow } from "imapflow";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suppressions } from "@/db/schema";
import { pollBounceMailbox } from "@/lib/inbound/mailbox";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { startBounceReceiver } from "@/lib/inbound/receiver";
import { signWebhookPayload } from "@/lib/webhooks/signature";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { dovecotInstalled, startDovecot } from "../../support/dovecot";
import { arfFor, deliverReport, dsnFor, type Original } from "../../support/reports";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * DECISIONS §9 end to end: a message is delivered to a real SMTP server with a VERP return path;
 * the report that comes back — to the bounce receiver over SMTP, or dropped into a real IMAP
 * mailbox (Dovecot) — moves the email, the suppression list, the campaign counters and a signed
 * webhook.
 */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let receiver: Awaited<ReturnType<typeof startBounceReceiver>>;
let hooks: http.Server;
let webhookSecret: string;
const hooked: { type: string; data: Record<string, unknown>; signature: string; raw: string }[] =
  [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    worker: "embedded",
    env: { SMTP_URL: smtp.url },
    config: { webhookAllowPrivate: true },
  });
  project = await app.createProject({ domain: "mail.test" });
  receiver = await startBounceReceiver(app.runtime, { port: 0, host: "127.0.0.1" });
  hooks = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(raw) as { type: string; data: Record<string, unknown> };
      hooked.push({
        ...body,
        raw,
        signature: String(req.headers["x-service-signature"] ?? ""),
      });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  const endpoint = await app.api("/v1/webhooks", {
    method: "POST",
    key: project.live,
    body: {
      url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`,
      events: ["email.bounced", "email.complained", "email.delivered"],
    },
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  webhookSecret = endpoint.body.secret;
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
  await smtp?.close();
  await new Promise<void>((resolve) => hooks?.close(() => resolve()));
});

const email = async (id: string) => (await app.api(`/v1/emails/${id}`, { key: project.live })).body;
const timeline = async (id: string) =>
  (await app.api(`/v1/emails/${id}/events`, { key: project.live })).body.data as {
    type: string;
    data: Record<string, unknown>;
  }[];

/** Sends one email and waits until the SMTP server accepted it: what a bounce must quote. */
async function delivered(to: string): Promise<Original & { id: string }> {
  const sent = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: { from: "Acme <hello@mail.test>", to, subject: "Hello", html: "<p>Hello</p>" },
  });
  expect(sent.status, sent.text).toBe(200);
  const message = await waitFor(
    () => smtp.received.find((m) => m.messageId === sent.body.messageId),
    15_000,
    `${to} on the wire`,
  );
  await waitFor(
    async () => (await email(sent.body.id)).status === "delivered",
    15_000,
    "delivered",
  );
  return { id: sent.body.id, to, messageId: sent.body.messageId, returnPath: message.from };
}

async function suppressionOf(address: string) {
  const [row] = await app.runtime.db
    .select()
    .from(suppressions)
    .where(and(eq(suppressions.projectId, project.id), eq(suppressions.email, address)));
  return row;
}

async function hookFor(type: string, id: string) {
  const hook = await waitFor(
    () => hooked.find((h) => h.type === type && h.data.id === id),
    15_000,
    `${type} webhook`,
  );
  expect(hook.signature).toBe(signWebhookPayload(webhookSecret, hook.raw));
  return hook;
}

describe(`bounces and complaints after acceptance (${TEST_DRIVER})`, () => {
  it("two messages on one connection: a report acts on the email its own envelope names", async () => {
    const first = await delivered("first-of-two@example.com");
    const second = await delivered("second-of-two@example.com");
    // A mail server reuses its connection: the second transaction's envelope names only the
    // second email (the first one's recipients used to stay in the session, and the report
    // could be matched against the first email instead).
    const connection = new SMTPConnection({
      host: "127.0.0.1",
      port: receiver.port,
      ignoreTLS: true,
    });
    await new Promise<void>((resolve, reject) => {
      connection.once("error", reject);
      connection.connect(() => resolve());
    });
    const send = (returnPath: string, raw: string) =>
      new Promise<string>((resolve, reject) =>
        connection.send({ from: "", to: [returnPath] }, raw, (error, info) =>
          error ? reject(error) : resolve(info.response),
        ),
      );
    const autoReply = [
      `From: first-of-two@example.com`,
      `To: ${first.returnPath}`,
      `Subject: Out of office`,
      `Auto-Submitted: auto-replied`,
      ``,
      `Back on Monday.`,
      ``,
    ].join("\r\n");
    try {
      expect(await send(first.returnPath, autoReply)).toMatch(/^250/);
      expect(await send(second.returnPath, dsnFor(second))).toMatch(/^250/);
    } finally {
      connection.quit();
    }
    expect((await email(first.id)).status).toBe("delivered");
    expect((await email(second.id)).status).toBe("bounced");
  });

  it("a DSN to the receiver bounces a delivered email, suppresses it and fires a signed webhook", async () => {
    const original = await delivered("gone@example.com");
    expect(original.returnPath).toMatch(
      /^bounces\+em_[0-9a-z]{26}-[0-9a-f]{20}@bounces\.mail\.test$/,
    );
    const report = dsnFor(original);
    const reply = await deliverReport(receiver.port, original.returnPath, report);
    expect(reply).toMatch(/^250/);

    const after = await email(original.id);
    expect(after.status).toBe("bounced");
    const bounce = (await timeline(original.id)).find((e) => e.type === "bounced")!;
    expect(bounce.data).toMatchObject({
      reason: "hard_bounce",
      status: "5.1.1",
      reporting_mta: "mx.example.net",
      remote_mta: "inbound.example.net",
      source: "smtp",
    });
    expect(String(bounce.data.diagnostic)).toContain("User unknown");
    expect(await suppressionOf("gone@example.com")).toMatchObject({ reason: "hard_bounce" });
    const hook = await hookFor("email.bounced", original.id);
    expect(hook.data).toMatchObject({ to: "gone@example.com", reason: "hard_bounce" });

    // The sender retries the same report (it never saw our 250): recorded once.
    await deliverReport(receiver.port, original.returnPath, report);
    expect((await timeline(original.id)).filter((e) => e.type === "bounced")).toHaveLength(1);
  });

  it("a delayed DSN is recorded on the timeline only", async () => {
    const original = await delivered("slow@example.com");
    await deliverReport(
      receiver.port,
      original.returnPath,
      dsnFor(original, { action: "delayed" }),
    );
    expect((await email(original.id)).status).toBe("delivered");
    const deferred = await waitFor(
      async () => (await timeline(original.id)).find((e) => e.type === "deferred"),
      10_000,
      "deferred event",
    );
    expect(deferred.data).toMatchObject({
      soft_bounce: true,
      reason: "delivery_delayed",
      status: "4.2.2",
    });
    expect(await suppressionOf("slow@example.com")).toBeUndefined();
  });

  it("an ARF complaint makes the email complained, suppresses it and fires a signed webhook", async () => {
    const original = await delivered("angry@example.com");
    await deliverReport(receiver.port, original.returnPath, arfFor(original));
    expect((await email(original.id)).status).toBe("complained");
    const complaint = (await timeline(original.id)).find((e) => e.type === "complained")!;
    expect(complaint.data).toMatchObject({ reason: "complaint", feedback_type: "abuse" });
    expect(await suppressionOf("angry@example.com")).toMatchObject({ reason: "complaint" });
    await hookFor("email.complained", original.id);
  });

  it("refuses a forged or unknown return path at RCPT: the receiver is no relay", async () => {
    const original = await delivered("forged@example.com");
    const forged = original.returnPath.replace(/-[0-9a-f]{20}@/, `-${"0".repeat(20)}@`);
    for (const recipient of [forged, "postmaster@bounces.mail.test", "victim@elsewhere.example"]) {
      await expect(deliverReport(receiver.port, recipient, dsnFor(original))).rejects.toMatchObject(
        { responseCode: 550 },
      );
    }
    expect((await email(original.id)).status).toBe("delivered");
  });

  it("acts only on addresses the email was sent to: a report is a claim", async () => {
    const original = await delivered("kept@example.com");
    const claim = dsnFor({ ...original, to: "someone-else@example.com" });
    expect(await deliverReport(receiver.port, original.returnPath, claim)).toMatch(/^250/);
    expect((await email(original.id)).status).toBe("delivered");
    expect(await suppressionOf("someone-else@example.com")).toBeUndefined();
    expect(await suppressionOf("kept@example.com")).toBeUndefined();
  });

  it("answers 4xx when it cannot record, so the sender retries", async () => {
    const original = await delivered("retry@example.com");
    // The database goes away between RCPT and recording: every transaction fails.
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
    try {
      await expect(
        deliverReport(broken.port, original.returnPath, dsnFor(original)),
      ).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      await broken.close();
    }
    expect((await email(original.id)).status).toBe("delivered");
  });

  it("counts campaign bounces and complaints that come back later", async () => {
    const template = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: { name: "News", format: "html", source: "<html><body><p>News</p></body></html>" },
    });
    for (const address of ["reader1@example.com", "reader2@example.com"]) {
      await app.api("/v1/contacts", {
        method: "POST",
        key: project.live,
        body: { email: address },
      });
    }
    const campaign = await app.api("/v1/campaigns", {
      method: "POST",
      key: project.live,
      body: {
        name: "News",
        subject: "News",
        from_name: "Acme",
        from_email: "news@mail.test",
        template: template.body.id,
      },
    });
    await app.api(`/v1/campaigns/${campaign.body.id}/send`, { method: "POST", key: project.live });
    const stats = async () =>
      (await app.api(`/v1/campaigns/${campaign.body.id}`, { key: project.live })).body.stats;
    await waitFor(async () => (await stats()).delivered === 2, 20_000, "campaign delivered");
    const wire = (to: string) => smtp.received.find((m) => m.to.includes(to))!;
    for (const [to, report] of [
      ["reader1@example.com", dsnFor],
      ["reader2@example.com", arfFor],
    ] as const) {
      const message = wire(to);
      const original = { to, messageId: message.messageId!, returnPath: message.from };
      await deliverReport(receiver.port, message.from, report(original));
    }
    expect(await stats()).toMatchObject({ bounced: 1, complained: 1 });
  });
});

describe(`the circuit breaker hears the bounces (${TEST_DRIVER})`, () => {
  it("a live automation whose recipients bounce pauses itself and says why", async () => {
    const lab = await app.createProject({ name: "Lab", domain: "mail.test" });
    await updateProjectSettings(app.ctx(lab.id), { breaker_minimum_sends: 3 });
    const automation = await app.api("/v1/automations", {
      method: "POST",
      key: lab.live,
      body: {
        name: "Welcome",
        trigger: { event: "event", name: "joined" },
        steps: [{ type: "email", templateId: "tpl_system_welcome" }],
      },
    });
    await app.api(`/v1/automations/${automation.body.id}`, {
      method: "PATCH",
      key: lab.live,
      body: { status: "live" },
    });
    const addresses = ["lab1@example.com", "lab2@example.com", "lab3@example.com"];
    for (const to of addresses) {
      await app.api("/v1/contacts", { method: "POST", key: lab.live, body: { email: to } });
      await app.api("/v1/events", {
        method: "POST",
        key: lab.live,
        body: { name: "joined", email: to },
      });
    }
    const wire = await waitFor(
      () => {
        const messages = addresses.map((to) => smtp.received.find((m) => m.to.includes(to)));
        return messages.every(Boolean) ? messages : null;
      },
      20_000,
      "three automation emails on the wire",
    );
    const first = wire[0]!;
    await deliverReport(
      receiver.port,
      first.from,
      dsnFor({ to: addresses[0]!, messageId: first.messageId!, returnPath: first.from }),
    );
    const paused = await waitFor(
      async () => {
        const current = (await app.api(`/v1/automations/${automation.body.id}`, { key: lab.live }))
          .body;
        return current.status === "paused" ? current : null;
      },
      15_000,
      "the automation paused",
    );
    expect(paused.paused).toMatchObject({ reason: "bounce_rate", sends: 3 });
  });
});

describe.skipIf(!dovecotInstalled() && process.env.CI !== "true")(
  `the bounce mailbox over IMAP (${TEST_DRIVER}, Dovecot)`,
  () => {
    it("reads reports dropped into the mailbox once, flags them, and records them", async () => {
      expect(dovecotInstalled(), "dovecot-imapd is missing: .ci/run installs it").toBe(true);
      const dovecot = await startDovecot();
      try {
        const bounced = await delivered("mailbox-gone@example.com");
        const complained = await delivered("mailbox-angry@example.com");
        const client = new ImapFlow({
          host: "127.0.0.1",
          port: dovecot.port,
          secure: false,
          auth: { user: dovecot.user, pass: dovecot.password },
          logger: false,
        });
        await client.connect();
        await client.append("INBOX", dsnFor(bounced));
        await client.append("INBOX", arfFor(complained));
        await client.append(
          "INBOX",
          "From: a@b.example\r\nSubject: hello\r\n\r\nNot a report.\r\n",
        );
        await client.logout();

        expect(await pollBounceMailbox(app.runtime, dovecot.url)).toEqual({ read: 3, recorded: 2 });
        expect((await email(bounced.id)).status).toBe("bounced");
        expect((await email(complained.id)).status).toBe("complained");
        expect((await timeline(bounced.id)).find((e) => e.type === "bounced")?.data).toMatchObject({
          source: "imap",
          status: "5.1.1",
        });
        // Flagged: never read twice.
        expect(await pollBounceMailbox(app.runtime, dovecot.url)).toEqual({ read: 0, recorded: 0 });
      } finally {
        await dovecot.stop();
      }
    });
  },
);

describe("the receiver in a worker process", () => {
  it("starts with the queue workers when INBOUND_SMTP_PORT is set, and stops with them", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const worker = await startTestApp({
      worker: "embedded",
      config: { inboundSmtpPort: port, inboundSmtpHost: "127.0.0.1" },
    });
    const greeting = () =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1");
        socket.once("data", (data) => {
          socket.destroy();
          resolve(data.toString());
        });
        socket.once("error", reject);
      });
    try {
      expect(await greeting()).toMatch(/^220 .*Mailwright bounce receiver/);
    } finally {
      await worker.close();
    }
    await expect(greeting()).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
