import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "@/db/schema";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { drainJobs } from "../../support/jobs";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/** Double opt-in: a new contact confirms by email before it counts as subscribed. */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    worker: "embedded",
    env: { SMTP_URL: smtp.url, AUTOMATION_POLL_MS: "100" },
  });
  project = await app.createProject({ domain: "mail.test" });
  await updateProjectSettings(app.ctx(project.id), {
    double_opt_in: true,
    default_from_name: "Acme",
    default_from_email: "hello@mail.test",
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

describe(`double opt-in (${TEST_DRIVER})`, () => {
  it("a new contact waits unsubscribed, confirms through the emailed link, then enters automations", async () => {
    const automation = await api("/v1/automations", {
      method: "POST",
      body: { name: "Welcome", steps: [{ type: "delay", delayMinutes: 10 }] },
    });
    await api(`/v1/automations/${automation.body.id}`, {
      method: "PATCH",
      body: { status: "live" },
    });

    const created = await api("/v1/contacts", {
      method: "POST",
      body: { email: "new@example.com" },
    });
    expect(created.status).toBe(201);
    expect(created.body.subscribed).toBe(false);
    const message = await waitFor(
      () => smtp.received.find((m) => m.to[0] === "new@example.com"),
      15_000,
      "confirmation email",
    );
    expect(message.raw).toMatch(/^From: Acme <hello@mail\.test>/m);
    const link = /http:\/\/[^\s"<>]+\/confirm\/([0-9A-Za-z]{32})/.exec(
      message.raw.replace(/=\r?\n/g, ""),
    );
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect((await api(`/v1/automations/${automation.body.id}/runs`)).body.data).toHaveLength(0);

    const page = await fetch(`${app.baseUrl}/confirm/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("new@example.com");
    const confirmed = await fetch(`${app.baseUrl}/confirm/${token}`, {
      method: "POST",
      redirect: "manual",
    });
    expect(confirmed.status).toBe(200);
    const contact = await api(`/v1/contacts/${created.body.id}`);
    expect(contact.body.subscribed).toBe(true);
    await waitFor(
      async () => (await api(`/v1/automations/${automation.body.id}/runs`)).body.data.length === 1,
      15_000,
      "enrolled after confirming",
    );
    expect((await fetch(`${app.baseUrl}/confirm/${token}`, { method: "POST" })).status).toBe(404);
  });

  it("a link works for 7 days after it was sent, and not after", async () => {
    const pending = async (email: string, ageDays: number) => {
      const created = await api("/v1/contacts", { method: "POST", body: { email } });
      expect(created.status, created.text).toBe(201);
      const sentAt = new Date(Date.now() - ageDays * 86_400_000);
      const [row] = await app.runtime.db
        .update(contacts)
        .set({ confirmationSentAt: sentAt })
        .where(eq(contacts.id, created.body.id))
        .returning({ token: contacts.confirmationToken });
      return { id: created.body.id as string, token: row!.token! };
    };
    const stale = await pending("stale@example.com", 8);
    expect((await fetch(`${app.baseUrl}/confirm/${stale.token}`)).status).toBe(404);
    const refused = await fetch(`${app.baseUrl}/confirm/${stale.token}`, { method: "POST" });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("expired");
    expect((await api(`/v1/contacts/${stale.id}`)).body.subscribed).toBe(false);

    const recent = await pending("recent@example.com", 6);
    expect((await fetch(`${app.baseUrl}/confirm/${recent.token}`)).status).toBe(200);
    const confirmed = await fetch(`${app.baseUrl}/confirm/${recent.token}`, { method: "POST" });
    expect(confirmed.status).toBe(200);
    expect((await api(`/v1/contacts/${recent.id}`)).body.subscribed).toBe(true);
  });

  it("an explicit subscribed value skips the confirmation", async () => {
    const created = await api("/v1/contacts", {
      method: "POST",
      body: { email: "direct@example.com", subscribed: true },
    });
    expect(created.body.subscribed).toBe(true);
    await drainJobs(app);
    expect(smtp.received.some((m) => m.to[0] === "direct@example.com")).toBe(false);
  });

  it("the default sender must be on a verified domain", async () => {
    await expect(
      updateProjectSettings(app.ctx(project.id), { default_from_email: "x@elsewhere.test" }),
    ).rejects.toMatchObject({ status: 422, code: "domain_not_verified" });
    expectError(await api("/v1/contacts", { method: "POST", body: { email: "bad" } }), 422);
  });
});
