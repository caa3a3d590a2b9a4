import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/** What a tenant reads about a failed delivery: the relay's SMTP answer, never our network. */
let app: TestApp;
let project: TestProject;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let closedPort: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  closedPort = await unusedPort();
  app = await startTestApp({
    worker: "embedded",
    env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}`, RESEND_API_KEY: "" },
  });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function send(to: string) {
  const res = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: { from: "hello@mail.test", to, subject: "Hi", html: "<p>Hi</p>" },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

describe(`delivery errors shown to tenants (${TEST_DRIVER})`, () => {
  it("a relay nobody listens on: a generic retry note, no address, port or errno", async () => {
    const id = await send("someone@example.com");
    const email = await waitFor(
      async () => {
        const res = await app.api(`/v1/emails/${id}`, { key: project.live });
        return res.body.last_error ? res.body : null;
      },
      15_000,
      "a recorded delivery error",
    );
    expect(email.last_error).toBe("The mail relay could not be reached; delivery will be retried.");
    const events = await app.api(`/v1/emails/${id}/events`, { key: project.live });
    const timeline = JSON.stringify(events.body.data);
    for (const leak of ["127.0.0.1", String(closedPort), "ECONNREFUSED"]) {
      expect(email.last_error).not.toContain(leak);
      expect(timeline).not.toContain(leak);
    }
  });

  it("a relay's refusal keeps its SMTP code and text", async () => {
    app.runtime.config.smtpUrl = smtp.url;
    const id = await send("reject-me@example.com");
    const email = await waitFor(
      async () => {
        const res = await app.api(`/v1/emails/${id}`, { key: project.live });
        return res.body.status === "bounced" ? res.body : null;
      },
      15_000,
      "bounced",
    );
    expect(email.last_error).toMatch(/^550 .*User unknown/);
  });
});

/** A loopback port that was free a moment ago: connecting to it is refused. */
function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
