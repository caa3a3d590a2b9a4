import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * Test mode follows the cause (DECISIONS §8): an email that a test key's request caused (an
 * event, a contact created or imported, a double opt-in) is simulated and recorded `mode: test`,
 * even when a live automation sends it to a real inbox; the same cause with a live key sends.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    worker: "embedded",
    env: { SMTP_URL: smtp.url, AUTOMATION_POLL_MS: "100" },
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A project whose one live automation (`trigger`) emails the contact at once. */
async function projectWithAutomation(trigger: Record<string, unknown>): Promise<TestProject> {
  const project = await app.createProject({ name: "Cause", domain: "mail.test" });
  const created = await app.api("/v1/automations", {
    method: "POST",
    key: project.live,
    body: { name: "Mail", trigger, steps: [{ type: "email", templateId: "tpl_system_welcome" }] },
  });
  expect(created.status, created.text).toBe(201);
  const live = await app.api(`/v1/automations/${created.body.id}`, {
    method: "PATCH",
    key: project.live,
    body: { status: "live" },
  });
  expect(live.status, live.text).toBe(200);
  return project;
}

/** The email recorded for `to` in the project, once there is one. */
async function emailTo(projectId: string, to: string) {
  return waitFor(
    async () =>
      (
        await app.runtime.db
          .select({ mode: emails.mode, status: emails.status, type: emails.type })
          .from(emails)
          .where(and(eq(emails.projectId, projectId), eq(emails.to, to)))
      )[0],
    15_000,
    `an email to ${to}`,
  );
}

/** Settled: simulated `delivered` for a test email, the SMTP server's answer for a live one. */
async function settled(projectId: string, to: string) {
  await waitFor(
    async () => (await emailTo(projectId, to)).status !== "sent",
    15_000,
    `${to} settled`,
  );
  return emailTo(projectId, to);
}

const onTheWire = (to: string) => smtp.received.some((m) => m.to.includes(to));

describe(`test mode follows the cause (${TEST_DRIVER})`, () => {
  it("an event sent with a test key runs a live automation in test mode", async () => {
    const project = await projectWithAutomation({ event: "event", name: "signup" });
    for (const [key, to] of [
      [project.test, "victim@gmail.com"],
      [project.live, "customer@gmail.com"],
    ] as const) {
      const contact = await app.api("/v1/contacts", {
        method: "POST",
        key: project.live,
        body: { email: to },
      });
      expect(contact.status, contact.text).toBe(201);
      const event = await app.api("/v1/events", {
        method: "POST",
        key,
        body: { name: "signup", email: to },
      });
      expect(event.status, event.text).toBe(201);
    }
    expect(await settled(project.id, "victim@gmail.com")).toMatchObject({
      mode: "test",
      status: "delivered",
      type: "automation",
    });
    expect(await settled(project.id, "customer@gmail.com")).toMatchObject({ mode: "live" });
    await waitFor(() => onTheWire("customer@gmail.com"), 15_000, "the live email on the wire");
    expect(onTheWire("victim@gmail.com")).toBe(false);
  });

  it("a contact created or imported with a test key enters automations in test mode", async () => {
    const project = await projectWithAutomation({ event: "contact.subscribed" });
    const created = await app.api("/v1/contacts", {
      method: "POST",
      key: project.test,
      body: { email: "created@gmail.com" },
    });
    expect(created.status, created.text).toBe(201);
    const imported = await fetch(`${app.baseUrl}/api/v1/contacts/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${project.test}`, "content-type": "text/csv" },
      body: "email\nimported@gmail.com\n",
    });
    expect(imported.status, await imported.clone().text()).toBe(202);
    for (const to of ["created@gmail.com", "imported@gmail.com"]) {
      expect(await settled(project.id, to)).toMatchObject({ mode: "test", status: "delivered" });
      expect(onTheWire(to)).toBe(false);
    }
  });

  it("a double opt-in confirmation caused by a test key is simulated", async () => {
    const project = await app.createProject({ name: "Opt-in", domain: "mail.test" });
    await updateProjectSettings(app.ctx(project.id), { double_opt_in: true });
    const created = await app.api("/v1/contacts", {
      method: "POST",
      key: project.test,
      body: { email: "optin@gmail.com" },
    });
    expect(created.status, created.text).toBe(201);
    expect(await settled(project.id, "optin@gmail.com")).toMatchObject({
      mode: "test",
      status: "delivered",
      type: "transactional",
    });
    expect(onTheWire("optin@gmail.com")).toBe(false);
  });
});
