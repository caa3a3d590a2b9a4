import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordProviderReport } from "@/lib/providers/record";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer } from "../../support/smtp-server";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";
import { drainWebhooks, listen, type Listener } from "../../support/webhook-events";

/**
 * email.sent (the relay took the message), email.delivery_delayed and email.failed (DECISIONS
 * §15) from real deliveries: over SMTP to a real server, and through a fake Resend API.
 */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let resend: Awaited<ReturnType<typeof startFakeResend>>;
let receiver: WebhookReceiver;
let everything: Listener;
let deliveredOnly: Listener;

beforeAll(async () => {
  smtp = await startSmtpServer({ deferCount: 1 });
  resend = await startFakeResend();
  app = await startTestApp({
    worker: "embedded",
    env: { SMTP_URL: "", RESEND_API_KEY: "" },
    config: { webhookAllowPrivate: true, deliveryRetryBaseSeconds: 1 },
  });
  project = await app.createProject({ domain: "mail.test" });
  receiver = await startWebhookReceiver();
  everything = await listen(app, project, receiver);
  deliveredOnly = await listen(app, project, receiver, ["email.delivered"]);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await resend?.close();
  await receiver?.close();
});

async function send(to: string) {
  const sent = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: {
      from: "hello@mail.test",
      to,
      subject: "Hi",
      html: "<p>Hi</p>",
      tags: [{ name: "k", value: "v" }],
    },
  });
  expect(sent.status, sent.text).toBe(200);
  return sent.body.id as string;
}

/** The email.* types the all-events endpoint got about one email (sorted). */
async function typesOf(emailId: string) {
  await drainWebhooks(app);
  return everything
    .received()
    .filter((event) => event.type.startsWith("email.") && event.data.id === emailId)
    .map((event) => event.type)
    .sort();
}

async function useRelay(relay: { smtpUrl?: string; resendApiKey?: string }) {
  app.runtime.config.smtpUrl = relay.smtpUrl;
  app.runtime.config.resendApiKey = relay.resendApiKey;
  app.runtime.config.resendBaseUrl = resend.url;
  await app.runtime.transports.close();
}

describe(`email delivery webhooks (${TEST_DRIVER})`, () => {
  it("over SMTP: the relay's 2xx is email.sent and email.delivered; a 4xx is delivery_delayed", async () => {
    await useRelay({ smtpUrl: smtp.url });
    const ada = await send("ada@example.com");
    const [sent] = await everything.waitFor("email.sent", (d) => d.id === ada);
    expect(sent!.data).toEqual({
      id: ada,
      to: "ada@example.com",
      subject: "Hi",
      tags: [{ name: "k", value: "v" }],
    });
    expect(await typesOf(ada)).toEqual(["email.delivered", "email.sent"]);

    const deferred = await send("defer-once@example.com");
    const [delayed] = await everything.waitFor("email.delivery_delayed", (d) => d.id === deferred);
    expect(delayed!.data).toMatchObject({ id: deferred, to: "defer-once@example.com" });
    await everything.waitFor("email.delivered", (d) => d.id === deferred);
    expect(await typesOf(deferred)).toEqual([
      "email.delivered",
      "email.delivery_delayed",
      "email.sent",
    ]);
  });

  it("through Resend: accepted is email.sent (delivered reported later); refused is email.failed", async () => {
    await useRelay({ resendApiKey: "re_test_123" });
    const accepted = await send("accept@example.com");
    await everything.waitFor("email.sent", (d) => d.id === accepted);
    // Resend's later report of delivery: email.delivered, not a second email.sent.
    const outcome = await recordProviderReport(app.runtime, "resend", {
      ref: { emailId: accepted },
      eventId: "evt_delivered_1",
      items: [{ type: "delivered", data: {} }],
    });
    expect(outcome).toBe("recorded");
    await everything.waitFor("email.delivered", (d) => d.id === accepted);
    expect(await typesOf(accepted)).toEqual(["email.delivered", "email.sent"]);

    const refused = await send("refuse@example.com");
    const [failed] = await everything.waitFor("email.failed", (d) => d.id === refused);
    expect(failed!.data).toEqual({
      id: refused,
      to: "refuse@example.com",
      subject: "Hi",
      reason: "rejected",
      tags: [{ name: "k", value: "v" }],
    });
    expect(await typesOf(refused)).toEqual(["email.failed"]);
    await useRelay({});
  });

  it("an endpoint of email.delivered only receives nothing else", async () => {
    await drainWebhooks(app);
    expect(new Set(deliveredOnly.received().map((e) => e.type))).toEqual(
      new Set(["email.delivered"]),
    );
  });
});

/** Resend's send API: an id for most recipients, a 422 for `refuse@…`. */
async function startFakeResend() {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { to: string[] };
      res.writeHead(body.to[0]?.startsWith("refuse") ? 422 : 200, {
        "content-type": "application/json",
      });
      res.end(
        body.to[0]?.startsWith("refuse")
          ? JSON.stringify({ statusCode: 422, name: "validation_error", message: "Refused" })
          : JSON.stringify({ id: `resend-${Math.random().toString(36).slice(2)}` }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
