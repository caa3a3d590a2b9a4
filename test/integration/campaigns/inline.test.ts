import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer } from "../../support/smtp-server";

/** WORKER=off: a campaign send runs inside the request, for at most 200 recipients (SPEC). */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "off", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
  await app.runtime.handle.query(
    `insert into contacts (id, project_id, email, subscribed, source, data, created_at, updated_at)
     select 'ct_inline' || lpad(g::text, 5, '0'), $1, 'inline' || g || '@example.com', true, 'import', '{}', now(), now()
     from generate_series(1, 250) g`,
    [project.id],
  );
  await app.api("/v1/contacts", {
    method: "POST",
    key: project.live,
    body: { email: "reject-me@example.com" },
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe(`inline campaign send (${TEST_DRIVER})`, () => {
  it("sends and delivers the first 200 recipients within the request and reports sent/failed", async () => {
    // The first recipient (lowest contact id) is refused by the SMTP server: a hard bounce.
    const created = await app.api("/v1/campaigns", {
      method: "POST",
      key: project.live,
      body: {
        name: "Inline",
        subject: "Hello",
        from_name: "Acme",
        from_email: "news@mail.test",
        template: "tpl_system_welcome",
      },
    });
    expect(created.status, created.text).toBe(201);
    const res = await app.api(`/v1/campaigns/${created.body.id}/send`, {
      method: "POST",
      key: project.live,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "sent", sent: 199, failed: 1, queued: 0 });
    expect(res.body.stats).toMatchObject({
      recipients: 200,
      sent: 200,
      delivered: 199,
      bounced: 1,
    });
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(199);
    // Tracked like worker deliveries: the open pixel and signed click links (the instrumenter
    // reaches inline delivery through the runtime, not a global only the worker sets).
    const body = smtp.received[0]!.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(body).toMatch(/\/api\/t\/o\/[^"]+\.gif/);
    expect(body).toMatch(/href="[^"]*\/api\/t\/c\//);
  });
});
