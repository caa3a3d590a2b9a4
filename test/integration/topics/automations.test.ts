import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { advanceRunsJob } from "@/lib/automations/jobs";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { expectError } from "../../support/checks";
import { drainJobs } from "../../support/jobs";
import { startSmtpServer, waitFor } from "../../support/smtp-server";

/** DECISIONS §13: an automation email step about a topic skips a contact opted out of it. */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let project: TestProject;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ worker: "embedded", env: { SMTP_URL: smtp.url } });
  project = await app.createProject({ domain: "mail.test" });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const api = (path: string, init: Parameters<TestApp["api"]>[1] = {}) =>
  app.api(path, { key: project.live, ...init });

async function created(path: string, body: Record<string, unknown>) {
  const res = await api(path, { method: "POST", body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

describe(`automation email steps about a topic (${TEST_DRIVER})`, () => {
  it("skip a contact opted out of the topic, recorded; send to the others", async () => {
    const topic = await created("/v1/topics", { name: "Tips" });
    const automation = await created("/v1/automations", {
      name: "Tips drip",
      trigger: { event: "event", name: "tips.wanted" },
      steps: [{ type: "email", templateId: "tpl_system_welcome", topicId: topic.id }],
    });
    const live = await api(`/v1/automations/${automation.id}`, {
      method: "PATCH",
      body: { status: "live" },
    });
    expect(live.status, live.text).toBe(200);
    await created("/v1/contacts", {
      email: "out@example.com",
      topics: [{ id: topic.id, subscription: "opt_out" }],
    });
    await created("/v1/contacts", { email: "in@example.com" });
    for (const email of ["out@example.com", "in@example.com"]) {
      await api("/v1/events", { method: "POST", body: { name: "tips.wanted", email } });
    }
    // Both runs finish (the dispatcher hands them to a job), then nothing of theirs is pending.
    const runs = await waitFor(
      async () => {
        const list = (await api(`/v1/automations/${automation.id}/runs`)).body.data;
        return list.length === 2 && list.every((r: { status: string }) => r.status === "completed")
          ? list
          : null;
      },
      15_000,
      "both runs completed",
    );
    await drainJobs(app, { kinds: [advanceRunsJob] });
    const outcomes: Record<string, unknown> = {};
    for (const run of runs) {
      const detail = (await api(`/v1/automations/${automation.id}/runs/${run.id}`)).body;
      const contact = (await api(`/v1/contacts/${run.contact_id}`)).body;
      outcomes[contact.email] = detail.steps[0];
    }
    expect(outcomes["out@example.com"]).toMatchObject({
      outcome: "skipped",
      detail: { reason: "opted_out", topic_id: topic.id },
    });
    expect(outcomes["in@example.com"]).toMatchObject({ outcome: "sent" });
    const [email] = await app.runtime.db
      .select()
      .from(emails)
      .where(and(eq(emails.projectId, project.id), eq(emails.to, "in@example.com")));
    expect(email!.topicId).toBe(topic.id);
    // A live automation's step holds the topic.
    await expectError(
      await api(`/v1/topics/${topic.id}`, { method: "DELETE" }),
      409,
      "topic_in_use",
    );
    // A topic that is not the project's is refused on the step.
    const bad = await api("/v1/automations", {
      method: "POST",
      body: {
        name: "Bad",
        steps: [{ type: "email", templateId: "tpl_system_welcome", topicId: "tp_x" }],
      },
    });
    await expectError(bad, 422, "validation_error");
    expect(bad.body.error.details[0].path).toBe("steps.0.topicId");
  });
});
