import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automationRuns, automationStepRuns, type RunStatus } from "@/db/schema";
import { automationsActivity } from "@/lib/automations/activity";
import { newId } from "@/lib/core/ids";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { createEmailAutomation } from "../../support/automations";

/** The automations list's numbers: runs (all, in progress) and emails sent, per automation. */
let app: TestApp;
let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject();
  other = await app.createProject({ name: "Other" });
});
afterAll(() => app?.close());

const createAutomation = (name: string, key = project.live) =>
  createEmailAutomation(app, key, name);

/** A run in `status` whose email step ended with `emailOutcome` (none: it never got there). */
async function storeRun(
  projectId: string,
  automationId: string,
  status: RunStatus,
  emailOutcome?: string,
) {
  const runId = newId("run");
  await app.runtime.db
    .insert(automationRuns)
    .values({ id: runId, projectId, automationId, status, stepsExecuted: emailOutcome ? 1 : 0 });
  if (!emailOutcome) return;
  await app.runtime.db.insert(automationStepRuns).values({
    id: newId("srn"),
    projectId,
    automationId,
    runId,
    stepId: "mail",
    stepType: "email",
    executionKey: "mail:1",
    startedAt: new Date(),
    finishedAt: new Date(),
    outcome: emailOutcome,
  });
}

describe(`automations list activity (${TEST_DRIVER})`, () => {
  it("counts runs, runs in progress and emails sent or queued per automation", async () => {
    const welcome = await createAutomation("Welcome");
    const quiet = await createAutomation("Quiet");
    await storeRun(project.id, welcome, "completed", "sent");
    await storeRun(project.id, welcome, "completed", "queued");
    // Suppressed recipients and failed sends are no email sent.
    await storeRun(project.id, welcome, "completed", "skipped");
    await storeRun(project.id, welcome, "failed", "failed");
    await storeRun(project.id, welcome, "waiting", "sent");
    await storeRun(project.id, welcome, "delayed");
    await storeRun(project.id, welcome, "paused");

    const activity = await automationsActivity(app.runtime.db, project.id, [welcome, quiet]);
    expect(activity.get(welcome)).toEqual({ runs: 7, activeRuns: 3, emailsSent: 3 });
    expect(activity.get(quiet)).toEqual({ runs: 0, activeRuns: 0, emailsSent: 0 });
  });

  it("never counts another project's automations and answers an empty page without a query", async () => {
    const theirs = await createAutomation("Theirs", other.live);
    await storeRun(other.id, theirs, "active", "sent");
    const seen = await automationsActivity(app.runtime.db, project.id, [theirs]);
    expect(seen.get(theirs)).toEqual({ runs: 0, activeRuns: 0, emailsSent: 0 });
    expect((await automationsActivity(app.runtime.db, project.id, [])).size).toBe(0);
  });
});
