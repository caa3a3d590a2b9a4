import type { RunResource } from "@/lib/automations/serialize";
import { relativeTime } from "@/lib/web/dashboard/format";
import type { StepLabel } from "./step-labels";

/**
 * Where a run stands, in two short lines: the step ("Step 2 · Wait 3 days") and what it is
 * waiting for ("Resumes in 3 days"). Finished runs stand nowhere: they say how they ended.
 */
export function runPosition(
  run: Pick<
    RunResource,
    "status" | "current_step" | "resume_at" | "wait_event" | "steps_executed" | "error"
  >,
  labels: ReadonlyMap<string, StepLabel>,
  now: Date,
): { step: string | null; note: string | null } {
  const steps = `${run.steps_executed} ${run.steps_executed === 1 ? "step" : "steps"}`;
  if (run.status === "completed") return { step: null, note: `Finished after ${steps}` };
  if (run.status === "exited") return { step: null, note: `Left after ${steps}` };
  if (run.status === "failed") return { step: null, note: run.error ?? "Stopped on an error" };

  const label = run.current_step ? labels.get(run.current_step) : undefined;
  const step = label
    ? `Step ${label.number} · ${label.summary}`
    : run.current_step
      ? "A step that no longer exists"
      : null;
  const resume = run.resume_at ? new Date(run.resume_at) : null;
  // A timer already due is picked up by the next dispatcher poll, within seconds.
  const when = resume ? (resume > now ? relativeTime(resume, now) : "any moment now") : null;
  if (run.status === "delayed") return { step, note: when ? `Resumes ${when}` : null };
  if (run.status === "waiting") {
    const event = run.wait_event ? `Waiting for ${run.wait_event}` : "Waiting for an event";
    return { step, note: when ? `${event} · times out ${when}` : event };
  }
  if (run.status === "paused") return { step, note: "Paused while the automation is a draft" };
  return { step, note: null };
}
