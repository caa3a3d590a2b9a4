import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailEvents, emails, projects } from "@/db/schema";
import * as firstSendActions from "@/lib/web/dashboard/actions/first-send";
import * as settingsActions from "@/lib/web/dashboard/actions/settings";
import * as templateActions from "@/lib/web/dashboard/actions/templates";
import { firstSendProgress } from "@/lib/web/dashboard/first-send";
import { serviceContext } from "@/lib/core/context";
import { createDomain } from "@/lib/domains/create";
import { markDomainVerified } from "@/lib/domains/mark-verified";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { createProject } from "@/lib/projects/create";
import { renameProject } from "@/lib/projects/rename";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { sendTestEmail, SANDBOX_SENDER_DOMAIN } from "@/lib/sending/test-send";
import { createTemplate } from "@/lib/templates/create";
import { createUser } from "@/lib/users/users";
import { ForbiddenError, ValidationError } from "@/lib/core/errors";
import { startTestApp, type TestApp } from "../../support/app";
import { startSmtpServer } from "../../support/smtp-server";
import { saveRelay } from "@/lib/delivery/relays";
import { deliverEmail } from "@/lib/sending/deliver";
import { releaseQueuedEmails } from "@/lib/sending/sweep";
import { formData, signInAs } from "../../support/dashboard-session";

vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ worker: "off" });
});
afterAll(() => app?.close());

/** A project as first boot makes it: keys, no domain, no sender; and its signed-in admin. */
async function freshProject(name = "Fresh") {
  const { project, keys } = await createProject(app.runtime.db, { name }, app.clock.now());
  const admin = await createUser(app.runtime.db, {
    email: `admin-${project.id}@first.test`,
    password: "correct horse battery",
    role: "admin",
    projectId: project.id,
  });
  signInAs(admin.user.id, project.id);
  return { id: project.id, keys, ctx: app.ctx(project.id) };
}

async function emailRow(id: string) {
  const [row] = await app.runtime.db.select().from(emails).where(eq(emails.id, id));
  return row!;
}

describe(`a first send (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("a template test send in a fresh project succeeds, simulated in test mode", async () => {
    const project = await freshProject();
    const template = await createTemplate(project.ctx, {
      name: "Hello",
      subject: 'Hi {{ name | "there" }}',
    });
    const result = await templateActions.sendTestEmailAction(template.id, {
      to: "me@realcompany.com",
      variables: { name: "Ada" },
    });
    expect(result).toMatchObject({ ok: true, mode: "test", status: "sent" });
    if (!result.ok) return;
    const row = await emailRow(result.emailId);
    expect(row).toMatchObject({ mode: "test", status: "sent", subject: "Hi Ada" });
    expect(row.fromAddress).toContain(`@${SANDBOX_SENDER_DOMAIN}`);
    const [event] = await app.runtime.db
      .select()
      .from(emailEvents)
      .where(eq(emailEvents.emailId, row.id));
    expect(event!.data).toEqual({ simulated: true });
  });

  it("is simulated by the simulator transport, never by a provider", async () => {
    const project = await freshProject();
    const sent = await sendTestEmail(project.ctx, { to: "me@realcompany.com" });
    expect(sent.mode).toBe("test");
    // Delivery picks the transport by the email's mode: test mode is the simulator.
    expect(
      (await app.runtime.transports.forEmail({ projectId: project.ctx.projectId, mode: "test" }))
        ?.name,
    ).toBe("simulator");
    expect((await emailRow(sent.id)).mode).toBe("test");
  });

  it("goes out live from the default sender once its domain is verified", async () => {
    const project = await freshProject("Acme");
    const domain = await createDomain(
      app.runtime.db,
      project.id,
      { name: "acme.test" },
      app.clock.now(),
    );
    await markDomainVerified(project.ctx, domain.id, { by: "ada@acme.test" });
    await updateProjectSettings(project.ctx, {
      default_from_name: "Acme",
      default_from_email: "hello@acme.test",
    });
    const sent = await sendTestEmail(project.ctx, { to: "me@realcompany.com" });
    // Live; the test app has no provider configured, so it waits in the queue.
    expect(sent).toMatchObject({
      mode: "live",
      status: "queued",
      from: '"Acme" <hello@acme.test>',
    });
  });

  it("does not change the API: a test key still needs a verified from domain", async () => {
    const project = await freshProject();
    const response = await app.api("/v1/send", {
      method: "POST",
      key: project.keys.test,
      body: { from: "hi@unverified.test", to: "a@example.com", subject: "x", html: "<p>x</p>" },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("domain_not_verified");
  });

  it("refuses a bad address with a field error, not a 500", async () => {
    const project = await freshProject();
    await expect(sendTestEmail(project.ctx, { to: "nope" })).rejects.toThrow(ValidationError);
    const state = await firstSendActions.sendChecklistTestEmailAction(
      IDLE,
      formData({ to: "nope" }),
    );
    expect(state).toMatchObject({ status: "error", values: { to: "nope" } });
    if (state.status === "error") expect(state.fieldErrors.to).toMatch(/valid email/);
  });

  it("the checklist follows the project's data, step by step", async () => {
    const project = await freshProject();
    expect(await firstSendProgress(project.ctx)).toEqual({
      domain: null,
      domainAdded: false,
      domainVerified: false,
      senderSet: false,
      sender: null,
      deliveryConnected: false,
      testSent: false,
      apiKeyCreated: true,
    });
    const domain = await createDomain(
      app.runtime.db,
      project.id,
      { name: "news.test" },
      app.clock.now(),
    );
    expect(await firstSendProgress(project.ctx)).toMatchObject({
      domain: { id: domain.id, name: "news.test", status: "pending" },
      domainAdded: true,
      domainVerified: false,
    });
    await markDomainVerified(project.ctx, domain.id, { by: "ada@news.test" });
    await updateProjectSettings(project.ctx, { default_from_email: "hello@news.test" });
    const state = await firstSendActions.sendChecklistTestEmailAction(
      IDLE,
      formData({ to: "me@realcompany.com" }),
    );
    expect(state).toMatchObject({ status: "success", result: { mode: "live", status: "queued" } });
    // Queued with nowhere to go is not a test email sent (the checklist used to say "All set").
    expect(await firstSendProgress(project.ctx)).toMatchObject({
      domainVerified: true,
      senderSet: true,
      sender: "hello@news.test",
      deliveryConnected: false,
      testSent: false,
    });
    const smtp = await startSmtpServer();
    try {
      await saveRelay(project.ctx, null, {
        kind: "smtp",
        name: "Local relay",
        host: "127.0.0.1",
        port: Number(new URL(smtp.url).port),
        tls_mode: "none",
      });
      expect(await firstSendProgress(project.ctx)).toMatchObject({
        deliveryConnected: true,
        testSent: false,
      });
      // What the release and delivery jobs do (this app runs no workers).
      await releaseQueuedEmails(app.runtime, { projectId: project.id });
      if (state.status === "success") await deliverEmail(app.runtime, state.result!.id);
      expect(smtp.received.map((m) => m.to)).toEqual([["me@realcompany.com"]]);
      expect(await firstSendProgress(project.ctx)).toMatchObject({ testSent: true });
    } finally {
      await smtp.close();
    }
  });

  it("an admin renames the project; a member cannot; a blank name is a field error", async () => {
    const project = await freshProject("Old name");
    const state = await settingsActions.renameProjectAction(
      IDLE,
      formData({ name: "  New name " }),
    );
    expect(state.status).toBe("success");
    const [row] = await app.runtime.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.name).toBe("New name");

    const blank = await settingsActions.renameProjectAction(IDLE, formData({ name: "  " }));
    expect(blank).toMatchObject({ status: "error", fieldErrors: { name: "Is required." } });

    const member = serviceContext(app.runtime, project.id, "live", "member");
    await expect(renameProject(member, { name: "Mine" })).rejects.toThrow(ForbiddenError);
    const [after] = await app.runtime.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after!.name).toBe("New name");
  });
});
