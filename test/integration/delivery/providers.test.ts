import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { releaseQueuedEmails } from "@/lib/sending/sweep";
import { startSubmissionServer } from "@/lib/submission/server";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { drainJobs } from "../../support/jobs";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/** Delivery not configured (202 queued, released later) and delivery through Resend's API. */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let resend: {
  url: string;
  requests: { auth: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  resend = await startFakeResend();
  app = await startTestApp({ worker: "embedded", env: { SMTP_URL: "", RESEND_API_KEY: "" } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await resend?.close();
});

const body = (to: string) => ({ from: "hello@mail.test", to, subject: "Hi", html: "<p>Hi</p>" });
const status = async (id: string) =>
  (await app.api(`/v1/emails/${id}`, { key: project.live })).body;

describe(`delivery configuration (${TEST_DRIVER})`, () => {
  it("without a provider: 202 queued, then released and delivered once SMTP is configured", async () => {
    const res = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      body: body("later@example.com"),
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.status).toBe("queued");
    await drainJobs(app);
    expect((await status(res.body.id)).status).toBe("queued");

    app.runtime.config.smtpUrl = smtp.url;
    expect(await releaseQueuedEmails(app.runtime)).toBe(1);
    await waitFor(
      async () => (await status(res.body.id)).status === "delivered",
      15_000,
      "delivered",
    );
    expect(smtp.received.filter((m) => m.to.includes("later@example.com"))).toHaveLength(1);
    app.runtime.config.smtpUrl = undefined;
    await app.runtime.transports.close();
  });

  it("through Resend: handed to the API with our headers, provider id kept as message_id", async () => {
    app.runtime.config.resendApiKey = "re_test_123";
    app.runtime.config.resendBaseUrl = resend.url;
    const res = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      body: { ...body("r@example.com"), cc: "c@example.com" },
    });
    expect(res.status, res.text).toBe(200);
    const detail = await waitFor(
      async () => {
        const email = await status(res.body.id);
        return email.message_id === "resend-id-1" ? email : null;
      },
      15_000,
      "handed to Resend",
    );
    expect(detail.status).toBe("sent");
    expect(resend.requests).toHaveLength(1);
    expect(resend.requests[0]!.auth).toBe("Bearer re_test_123");
    expect(resend.requests[0]!.body).toMatchObject({
      from: "hello@mail.test",
      to: ["r@example.com"],
      cc: ["c@example.com"],
      subject: "Hi",
    });
    const events = await app.api(`/v1/emails/${res.body.id}/events`, { key: project.live });
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual([
      "sent",
      "provider_accepted",
    ]);
  });

  it("through Resend, an SMTP submission is read back into fields: alternatives, attachments, inline images, threading", async () => {
    app.runtime.config.resendApiKey = "re_test_123";
    app.runtime.config.resendBaseUrl = resend.url;
    const relay = await startSubmissionServer(app.runtime, { port: 0, host: "127.0.0.1" });
    try {
      const info = await nodemailer
        .createTransport({
          host: "127.0.0.1",
          port: relay.port,
          ignoreTLS: true,
          auth: { user: "gitea", pass: project.live },
        })
        .sendMail({
          from: "Gitea <gitea@mail.test>",
          to: "dev@example.com",
          subject: "Re: [acme/app] Fix login (#7)",
          inReplyTo: "<issue-7@gitea.acme>",
          references: ["<issue-7@gitea.acme>"],
          text: "LGTM",
          html: '<p>LGTM <img src="cid:avatar@gitea"></p>',
          attachments: [
            { filename: "patch.diff", content: "--- a\n+++ b\n" },
            { filename: "avatar.png", content: Buffer.alloc(64, 9), cid: "avatar@gitea" },
          ],
        });
      const [id] = /em_[0-9a-z]{26}/.exec(info.response) ?? [];
      const request = await waitFor(
        () => resend.requests.find((r) => r.body.subject === "Re: [acme/app] Fix login (#7)"),
        15_000,
        "handed to Resend",
      );
      expect(request.body).toMatchObject({
        from: '"Gitea" <gitea@mail.test>',
        to: ["dev@example.com"],
        text: "LGTM",
        headers: {
          "Message-ID": `<${id}@mail.test>`,
          "In-Reply-To": "<issue-7@gitea.acme>",
          References: "<issue-7@gitea.acme>",
        },
      });
      expect(String(request.body.html)).toContain('<img src="cid:avatar@gitea">');
      const attachments = request.body.attachments as Record<string, unknown>[];
      expect(attachments).toHaveLength(2);
      expect(attachments).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            filename: "patch.diff",
            content: Buffer.from("--- a\n+++ b\n").toString("base64"),
          }),
          expect.objectContaining({
            filename: "avatar.png",
            content: Buffer.alloc(64, 9).toString("base64"),
            content_id: "avatar@gitea",
          }),
        ]),
      );
    } finally {
      await relay.close();
    }
  });
});

async function startFakeResend() {
  const requests: { auth: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({
        auth: String(req.headers.authorization),
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: `resend-id-${requests.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
