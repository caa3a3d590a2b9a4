import { describe, expect, it } from "vitest";
import { runPosition } from "@/components/automations/runs/run-position";
import { stepLabels } from "@/components/automations/runs/step-labels";
import { describeStepRun, type StepRunResource } from "@/components/automations/runs/step-outcome";

const now = new Date("2026-06-01T12:00:00.000Z");

function stepRun(patch: Partial<StepRunResource>): StepRunResource {
  return {
    id: "asr_1",
    step_id: "s1",
    type: "email",
    started_at: "2026-06-01T11:00:00.000Z",
    finished_at: "2026-06-01T11:00:00.000Z",
    outcome: "sent",
    error: null,
    detail: {},
    ...patch,
  };
}

describe("describeStepRun", () => {
  const running = { status: "delayed" as const, now };

  it("phrases email outcomes, linking the email that was recorded", () => {
    const sent = describeStepRun(stepRun({ detail: { email_id: "em_1" } }), running);
    expect(sent).toMatchObject({ title: "Email sent", link: { href: "/emails/em_1" } });
    const skipped = stepRun({ outcome: "skipped", detail: { reason: "unsubscribed" } });
    expect(describeStepRun(skipped, running).title).toBe("Skipped: contact unsubscribed");
    const failed = stepRun({ outcome: "failed", error: "Template tpl_1 no longer exists." });
    expect(describeStepRun(failed, running)).toMatchObject({
      title: "Email not sent",
      tone: "error",
    });
  });

  it("reads an open delay by where the run is: counting down, paused or left behind", () => {
    const delay = stepRun({
      type: "delay",
      outcome: "delaying",
      finished_at: null,
      detail: { delay_minutes: 120 },
    });
    expect(describeStepRun(delay, running)).toEqual({
      title: "Waiting 2 hours",
      tone: "current",
      note: "Moves on in 1 hour (Jun 1, 2026, 13:00 UTC)",
    });
    expect(describeStepRun(delay, { status: "paused", now }).tone).toBe("paused");
    expect(describeStepRun(delay, { status: "exited", now }).title).toBe("Left during the delay");
    const elapsed = { ...delay, outcome: "elapsed", finished_at: "2026-06-01T13:00:00.000Z" };
    expect(describeStepRun(elapsed, { status: "completed", now }).title).toBe("Waited 2 hours");
  });

  it("names the awaited event and when the wait gives up", () => {
    const wait = stepRun({
      type: "wait",
      outcome: "waiting",
      finished_at: null,
      detail: { wait_event: "order.paid", timeout_minutes: 1440 },
    });
    expect(describeStepRun(wait, { status: "waiting", now })).toMatchObject({
      title: "Waiting for order.paid",
      note: "Until Jun 2, 2026, 11:00 UTC at the latest",
    });
    const arrived = { ...wait, outcome: "event", finished_at: now.toISOString() };
    expect(describeStepRun(arrived, running).title).toBe("Event order.paid was recorded");
    const timedOut = { ...wait, outcome: "timeout", finished_at: now.toISOString() };
    expect(describeStepRun(timedOut, running).note).toBe("No order.paid within 1 day");
  });

  it("phrases branches, actions and removed steps", () => {
    const branch = stepRun({ type: "branch", outcome: "true" });
    expect(describeStepRun(branch, running).title).toBe("Condition was true");
    const tagged = stepRun({ type: "action", outcome: "done", detail: { action: "add-tag" } });
    expect(describeStepRun(tagged, running).title).toBe("Tag added");
    const removed = stepRun({ type: "delay", outcome: "removed" });
    expect(describeStepRun(removed, running).title).toBe("Step removed while the run was on it");
  });
});

describe("runPosition", () => {
  const labels = stepLabels(
    [
      { id: "a", type: "email", templateId: "tpl_1" },
      { id: "b", type: "delay", delayMinutes: 4320 },
    ],
    new Map([["tpl_1", "Welcome"]]),
  );
  const run = {
    status: "delayed" as const,
    current_step: "b",
    resume_at: "2026-06-04T12:00:00.000Z",
    wait_event: null,
    steps_executed: 2,
    error: null,
  };

  it("numbers steps as the builder does and says when the run moves on", () => {
    expect(labels.get("a")?.summary).toBe("Send “Welcome”");
    expect(runPosition(run, labels, now)).toEqual({
      step: "Step 2 · Wait 3 days",
      note: "Resumes in 3 days",
    });
  });

  it("says how a finished run ended, and marks a step that no longer exists", () => {
    expect(runPosition({ ...run, status: "completed", current_step: null }, labels, now)).toEqual({
      step: null,
      note: "Finished after 2 steps",
    });
    expect(runPosition({ ...run, current_step: "gone" }, labels, now).step).toBe(
      "A step that no longer exists",
    );
  });
});
