import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renameProject } from "@/lib/projects/rename";
import { deliverEmails } from "@/lib/sending/deliver";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * The project's name reaches its email through `{{project_name}}`, read from the per-process
 * project settings cache (lib/projects/settings.ts, kept for seconds). A rename forgets that
 * cache, so the very next email carries the new name, not the one cached by the email before.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // No worker: each email is delivered here, through the same delivery code.
  app = await startTestApp({ worker: "off", config: { smtpUrl: smtp.url } });
  project = await app.createProject({ name: "Old Name", domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** Sends the template to `to` and returns the message as the SMTP server received it. */
async function sendAndReceive(templateId: string, to: string) {
  const sent = await app.api("/v1/send", {
    method: "POST",
    key: project.live,
    body: {
      from: "hello@mail.test",
      to,
      subject: "News from {{project_name}}",
      template: templateId,
    },
  });
  expect(sent.status, sent.text).toBe(200);
  await deliverEmails(app.runtime, [sent.body.id]);
  const message = await waitFor(
    () => smtp.received.find((m) => m.messageId === sent.body.messageId),
    15_000,
    `the email to ${to}`,
  );
  return simpleParser(message.raw);
}

describe(`renaming a project (${TEST_DRIVER})`, () => {
  it("the next email sent shows the new name wherever the template names the project", async () => {
    const template = await app.api("/v1/templates", {
      method: "POST",
      key: project.live,
      body: {
        name: "News",
        format: "html",
        subject: "News from {{project_name}}",
        source: "<p>The {{project_name}} team says hello.</p>",
      },
    });
    expect(template.status, template.text).toBe(201);

    // This email puts the old name in the project settings cache.
    const before = await sendAndReceive(template.body.id, "before@example.com");
    expect(before.subject).toBe("News from Old Name");
    expect(before.html).toContain("The Old Name team says hello.");

    await renameProject(app.ctx(project.id), { name: "New Name" });

    const after = await sendAndReceive(template.body.id, "after@example.com");
    expect(after.subject).toBe("News from New Name");
    expect(after.html).toContain("The New Name team says hello.");
    expect(after.text).toContain("The New Name team says hello.");
    expect(`${after.subject} ${after.html} ${after.text}`).not.toContain("Old Name");
  });
});
