import { afterAll, beforeAll, expect, it } from "vitest";
import { deliverEmail } from "@/lib/sending/deliver";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";
import { startSmtpServer } from "../../support/smtp-server";

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "off", env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

it(`never sends unsigned mail from a domain removed after the send was accepted (${TEST_DRIVER})`, async () => {
  const project = await app.createProject({ domain: "gone.test" });
  const sent = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: { from: "hi@gone.test", to: "a@example.com", subject: "x", html: "<p>x</p>" },
  });
  expect(sent.status, sent.text).toBe(200);
  const domains = await app.api("/v1/domains", { key: project.live });
  await app.api(`/v1/domains/${domains.body.data[0].id}`, { method: "DELETE", key: project.live });

  const outcome = await deliverEmail(app.runtime, sent.body.id);
  expect(outcome).toMatchObject({ kind: "failed" });
  const email = await app.api(`/v1/emails/${sent.body.id}`, { key: project.live });
  expect(email.body.status).toBe("failed");
  expect(smtp.received).toHaveLength(0);
});
