import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchDueRuns } from "@/lib/automations/dispatch";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { drainJobs } from "../../support/jobs";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/**
 * The automation engine end to end: triggers enroll through the API, the embedded worker's
 * dispatcher and executor advance runs on a fake clock, and emails reach a real SMTP server.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;
let other: TestProject;
let templateId: string;

const MINUTE = 60_000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    clock: "fake",
    worker: "embedded",
    env: { SMTP_URL: smtp.url, AUTOMATION_POLL_MS: "100" },
  });
  project = await app.createProject({ domain: "mail.test" });
  other = await app.createProject({ name: "Other", domain: "other.test" });
  const template = await app.api("/v1/templates", {
    method: "POST",
    key: project.live,
    body: {
      name: "Welcome",
      subject: 'Hi {{first_name | "there"}}',
      format: "html",
      source: "<p>Plan: {{data.plan}} / event: {{event.sku}}</p>",
    },
  });
  expect(template.status, template.text).toBe(201);
  templateId = template.body.id;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

async function liveAutomation(body: Record<string, unknown>) {
  const created = await api("/v1/automations", { method: "POST", body });
  expect(created.status, created.text).toBe(201);
  const live = await api(`/v1/automations/${created.body.id}`, {
    method: "PATCH",
    body: { status: "live" },
  });
  expect(live.status, live.text).toBe(200);
  return created.body as { id: string; steps: { id: string }[] };
}

async function runOf(automationId: string, status?: string) {
  return waitFor(
    async () => {
      const list = await api(`/v1/automations/${automationId}/runs`);
      const run = list.body.data[0];
      return run && (!status || run.status === status) ? run : null;
    },
    15_000,
    `a run${status ? ` ${status}` : ""}`,
  );
}

const messagesTo = (address: string) => smtp.received.filter((m) => m.to[0] === address);
const waitForMessage = (address: string) =>
  waitFor(() => messagesTo(address)[0], 15_000, `a message to ${address}`);

async function createContact(email: string, extra: Record<string, unknown> = {}) {
  const res = await api("/v1/contacts", { method: "POST", body: { email, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

/** Moves the fake clock and has the dispatcher look for timers that came due. */
async function passTime(ms: number) {
  app.clock.advance!(ms);
  await dispatchDueRuns(app.runtime);
}

describe(`automation engine (${TEST_DRIVER})`, () => {
  it("an event enrolls the contact and the email reaches the SMTP server, rendered", async () => {
    const automation = await liveAutomation({
      name: "Signed up",
      trigger: { event: "event", name: "user.signed_up" },
      steps: [{ type: "email", templateId }],
    });
    await createContact("ada@example.com", { name: "Ada Lovelace", data: { plan: "pro" } });
    const event = await api("/v1/events", {
      method: "POST",
      body: { name: "user.signed_up", email: "ada@example.com", data: { sku: "A-1" } },
    });
    expect(event.status, event.text).toBe(201);

    const message = await waitForMessage("ada@example.com");
    expect(message.raw).toMatch(/^Subject: Hi Ada$/m);
    expect(message.raw).toContain("Plan: pro / event: A-1");
    const run = await runOf(automation.id, "completed");
    const detail = await api(`/v1/automations/${automation.id}/runs/${run.id}`);
    expect(detail.body.steps).toEqual([
      expect.objectContaining({
        step_id: automation.steps[0]!.id,
        type: "email",
        outcome: "sent",
        detail: { email_id: expect.stringMatching(/^em_/) },
      }),
    ]);
    const sent = await api("/v1/emails?type=automation");
    expect(sent.body.data.map((e: { to: string }) => e.to)).toContain("ada@example.com");
  });

  it("contact.subscribed enrolls new subscribed contacts only; delays follow the clock", async () => {
    const automation = await liveAutomation({
      name: "Welcome series",
      steps: [
        { type: "delay", delayMinutes: 30 },
        { type: "email", templateId },
      ],
    });
    await createContact("unsub@example.com", { subscribed: false });
    await createContact("grace@example.com", { name: "Grace" });
    const run = await runOf(automation.id, "delayed");
    expect(run.contact_id).toBeTruthy();
    expect(run.current_step).toBe(automation.steps[0]!.id);
    expect(new Date(run.resume_at).getTime() - app.clock.now().getTime()).toBe(30 * MINUTE);

    await passTime(29 * MINUTE);
    expect((await runOf(automation.id)).status).toBe("delayed");
    await passTime(MINUTE);
    await waitForMessage("grace@example.com");
    await runOf(automation.id, "completed");
    const runs = await api(`/v1/automations/${automation.id}/runs`);
    expect(runs.body.data).toHaveLength(1);
    // Later tests create contacts too: keep them out of this welcome series.
    const deleted = await api(`/v1/automations/${automation.id}`, { method: "DELETE" });
    expect(deleted.body).toEqual({ id: automation.id, deleted: true });
  });

  it("a wait is woken by the event, or times out; a branch reads the outcome", async () => {
    const automation = await liveAutomation({
      name: "Checkout",
      trigger: { event: "event", name: "cart.started" },
      steps: [
        { id: "wait", type: "wait", waitEvent: "order.paid", waitTimeoutMinutes: 60 },
        {
          id: "paid",
          type: "branch",
          branchCondition: { field: "wait.outcome", operator: "equals", value: "event" },
          nextTrue: "thanks",
          nextFalse: "nudge",
        },
        { id: "thanks", type: "email", templateId, subjectOverride: "Thanks", next: null },
        { id: "nudge", type: "email", templateId, subjectOverride: "Forgot something?" },
      ],
    });
    await createContact("payer@example.com");
    await createContact("idler@example.com");
    for (const email of ["payer@example.com", "idler@example.com"]) {
      await api("/v1/events", { method: "POST", body: { name: "cart.started", email } });
    }
    await waitFor(
      async () =>
        (await api(`/v1/automations/${automation.id}/runs?status=waiting`)).body.data.length === 2,
      15_000,
      "two waiting runs",
    );
    await api("/v1/events", {
      method: "POST",
      body: { name: "order.paid", email: "payer@example.com" },
    });
    expect((await waitForMessage("payer@example.com")).raw).toMatch(/^Subject: Thanks$/m);

    await passTime(60 * MINUTE);
    expect((await waitForMessage("idler@example.com")).raw).toMatch(
      /^Subject: Forgot something\?$/m,
    );
    const stats = (await api(`/v1/automations/${automation.id}`)).body.stats;
    expect(stats.runs).toMatchObject({ total: 2, completed: 2 });
    expect(stats.steps).toMatchObject({
      wait: { entered: 2, completed: 2, waiting: 0 },
      paid: { entered: 2, completed: 2 },
      thanks: { entered: 1 },
      nudge: { entered: 1 },
    });
  });

  it("live → draft pauses runs; back to live resumes them and due timers fire at once", async () => {
    const automation = await liveAutomation({
      name: "Pausable",
      trigger: { event: "event", name: "trial.started" },
      steps: [
        { type: "delay", delayMinutes: 5 },
        { type: "email", templateId },
      ],
    });
    await createContact("paused@example.com");
    await api("/v1/events", {
      method: "POST",
      body: { name: "trial.started", email: "paused@example.com" },
    });
    await runOf(automation.id, "delayed");
    const draft = await api(`/v1/automations/${automation.id}`, {
      method: "PATCH",
      body: { status: "draft" },
    });
    expect(draft.status).toBe(200);
    expect((await runOf(automation.id)).status).toBe("paused");

    await passTime(10 * MINUTE);
    await drainJobs(app);
    expect(messagesTo("paused@example.com")).toHaveLength(0);
    expect((await runOf(automation.id)).status).toBe("paused");

    await api(`/v1/automations/${automation.id}`, { method: "PATCH", body: { status: "live" } });
    await waitForMessage("paused@example.com");
    await runOf(automation.id, "completed");
  });

  it("removing the step a run waits on moves the run to the next step instead of stranding it", async () => {
    const automation = await liveAutomation({
      name: "Edited live",
      trigger: { event: "event", name: "edit.me" },
      steps: [
        { id: "hold", type: "wait", waitEvent: "never", waitTimeoutMinutes: 600 },
        { id: "mail", type: "email", templateId },
      ],
    });
    await createContact("moved@example.com");
    await api("/v1/events", {
      method: "POST",
      body: { name: "edit.me", email: "moved@example.com" },
    });
    await runOf(automation.id, "waiting");
    const edited = await api(`/v1/automations/${automation.id}`, {
      method: "PATCH",
      body: { steps: [{ id: "mail", type: "email", templateId }] },
    });
    expect(edited.status, edited.text).toBe(200);
    await waitForMessage("moved@example.com");
    const run = await runOf(automation.id, "completed");
    const detail = await api(`/v1/automations/${automation.id}/runs/${run.id}`);
    expect(
      detail.body.steps.map(
        (s: { step_id: string; outcome: string }) => `${s.step_id}:${s.outcome}`,
      ),
    ).toEqual(["hold:removed", "mail:sent"]);
  });

  it("actions change the contact; an unsubscribed contact's email step is skipped and recorded", async () => {
    const automation = await liveAutomation({
      name: "Actions",
      trigger: { event: "event", name: "churned" },
      steps: [
        { type: "action", action: "update-field", actionKey: "status", actionValue: "churned" },
        { type: "action", action: "add-tag", tag: "lost" },
        { type: "action", action: "unsubscribe" },
        { type: "email", templateId },
      ],
    });
    const contact = await createContact("gone@example.com", { data: { tags: ["customer"] } });
    await api("/v1/events", {
      method: "POST",
      body: { name: "churned", email: "gone@example.com" },
    });
    const run = await runOf(automation.id, "completed");
    const after = await api(`/v1/contacts/${contact.id}`);
    expect(after.body).toMatchObject({
      subscribed: false,
      data: { status: "churned", tags: ["customer", "lost"] },
    });
    const detail = await api(`/v1/automations/${automation.id}/runs/${run.id}`);
    expect(detail.body.steps.at(-1)).toMatchObject({
      type: "email",
      outcome: "skipped",
      detail: { reason: "unsubscribed" },
    });
    expect(messagesTo("gone@example.com")).toHaveLength(0);
  });

  it("deleting a contact exits its runs; a contact is in at most one open run per automation", async () => {
    const automation = await liveAutomation({
      name: "Long wait",
      trigger: { event: "event", name: "loop" },
      steps: [{ type: "delay", delayMinutes: 600 }],
    });
    const contact = await createContact("leaver@example.com");
    for (let i = 0; i < 3; i++) {
      await api("/v1/events", {
        method: "POST",
        body: { name: "loop", email: "leaver@example.com" },
      });
    }
    await runOf(automation.id, "delayed");
    expect((await api(`/v1/automations/${automation.id}/runs`)).body.data).toHaveLength(1);
    await api(`/v1/contacts/${contact.id}`, { method: "DELETE" });
    const run = await runOf(automation.id, "exited");
    expect(run.current_step).toBeNull();
    const detail = await api(`/v1/automations/${automation.id}/runs/${run.id}`);
    expect(detail.body.error).toBe("The contact was deleted.");
    expect(detail.body.steps).toEqual([
      expect.objectContaining({
        type: "delay",
        outcome: "exited",
        finished_at: expect.any(String),
      }),
    ]);
  });

  it("runs are scoped to the project and validate their filters", async () => {
    const automation = await liveAutomation({ name: "Scoped", steps: [] });
    const foreign = await app.api(`/v1/automations/${automation.id}/runs`, { key: other.live });
    expectError(foreign, 404);
    const badRun = await api(`/v1/automations/${automation.id}/runs/run_missing`);
    expectError(badRun, 404);
    const badFilter = await api(`/v1/automations/${automation.id}/runs?status=sleeping`);
    expectError(badFilter, 422);
  });
});
