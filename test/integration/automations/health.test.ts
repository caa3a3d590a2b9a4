import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automationRuns, automationStepRuns } from "@/db/schema";
import { automationsHealth } from "@/lib/automations/health";
import { newId } from "@/lib/core/ids";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";
import { createEmailAutomation } from "../../support/automations";

/** Health counters read from stored runs: failed runs, their latest error, per-step failures. */
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

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));

/** A finished run that executed the email step once, with the step's outcome. */
async function storeRun(
  projectId: string,
  automationId: string,
  minute: number,
  result: { status: "completed" } | { status: "failed"; error: string },
) {
  const error = result.status === "failed" ? result.error : null;
  const [run] = await app.runtime.db
    .insert(automationRuns)
    .values({
      id: newId("run"),
      projectId,
      automationId,
      status: result.status,
      error,
      stepsExecuted: 1,
      createdAt: at(minute),
      finishedAt: at(minute + 1),
    })
    .returning({ id: automationRuns.id });
  await app.runtime.db.insert(automationStepRuns).values({
    id: newId("srn"),
    projectId,
    automationId,
    runId: run!.id,
    stepId: "mail",
    stepType: "email",
    executionKey: "mail:1",
    startedAt: at(minute + 1),
    finishedAt: at(minute + 1),
    outcome: result.status === "failed" ? "failed" : "sent",
    error,
  });
}

describe(`automation health (${TEST_DRIVER})`, () => {
  it("counts failed runs apart from completed ones and names the latest error", async () => {
    const automationId = await createAutomation("Welcome");
    await storeRun(project.id, automationId, 0, { status: "completed" });
    await storeRun(project.id, automationId, 10, { status: "failed", error: "Older failure." });
    await storeRun(project.id, automationId, 20, {
      status: "failed",
      error: "Template not found.",
    });

    const { stats } = (await app.api(`/v1/automations/${automationId}`, { key: project.live }))
      .body;
    expect(stats.runs).toMatchObject({ completed: 1, failed: 2, total: 3 });
    // The step card: a failed send is not a completed step.
    expect(stats.steps.mail).toEqual({ entered: 3, completed: 1, failed: 2, waiting: 0 });
    expect(stats.latest_error).toEqual({
      message: "Template not found.",
      at: at(21).toISOString(),
    });

    const healthy = await createAutomation("Quiet");
    const health = await automationsHealth(app.runtime.db, project.id, [automationId, healthy]);
    expect(health.get(automationId)).toEqual({
      failed: 2,
      latestError: { message: "Template not found.", at: at(21) },
    });
    expect(health.get(healthy)).toEqual({ failed: 0, latestError: null });
  });

  it("a healthy automation has no latest error; another project's runs never count", async () => {
    const automationId = await createAutomation("Theirs", other.live);
    await storeRun(other.id, automationId, 0, { status: "failed", error: "Theirs failed." });

    const mine = await createAutomation("Mine");
    const { stats } = (await app.api(`/v1/automations/${mine}`, { key: project.live })).body;
    expect(stats.latest_error).toBeNull();
    expect(stats.runs.failed).toBe(0);
    const health = await automationsHealth(app.runtime.db, project.id, [automationId]);
    expect(health.get(automationId)).toEqual({ failed: 0, latestError: null });
    expect(await automationsHealth(app.runtime.db, project.id, [])).toEqual(new Map());
  });
});
