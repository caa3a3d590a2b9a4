import type { RunStatus } from "@/db/schema";
import type { serializeStepRun } from "@/lib/automations/serialize";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { formatDuration } from "../builder/durations";

export type StepRunResource = ReturnType<typeof serializeStepRun>;
export type OutcomeTone = "done" | "current" | "paused" | "skipped" | "error";

/** A step execution in words: what happened, plus the facts worth a second line. */
export type StepOutcome = {
  title: string;
  tone: OutcomeTone;
  note?: string;
  link?: { href: string; label: string };
};

const MINUTE = 60_000;
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
const minutes = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;

const SKIP_REASONS: Record<string, string> = {
  unsubscribed: "Skipped: contact unsubscribed",
  suppressed: "Skipped: address is on the suppression list",
};

// Action steps record which action ran; "unchanged" means the contact already was that way.
const ACTIONS: Record<string, [done: string, unchanged: string]> = {
  "add-tag": ["Tag added", "Already had the tag"],
  "remove-tag": ["Tag removed", "Did not have the tag"],
  unsubscribe: ["Contact unsubscribed", "Already unsubscribed"],
  "update-field": ["Field updated", "Field already had that value"],
};

/**
 * Phrases one step execution of a run (lib/automations/runner.ts outcomes) for people. A delay or
 * wait stays open while the run stands on it, so how it reads depends on the run: counting down,
 * paused with its automation, or left behind when the run exited (its contact was deleted).
 */
export function describeStepRun(
  step: StepRunResource,
  run: { status: RunStatus; now: Date },
): StepOutcome {
  const { outcome, detail } = step;
  const { now } = run;
  const open = step.finished_at === null;
  const paused = open && run.status === "paused";
  const left =
    open && (run.status === "completed" || run.status === "exited" || run.status === "failed");
  if (outcome === "removed") {
    return { title: "Step removed while the run was on it", tone: "skipped" };
  }
  if (outcome === "failed" || step.error) {
    return { title: step.type === "email" ? "Email not sent" : "Step failed", tone: "error" };
  }
  const started = new Date(step.started_at);
  const until = (total: number) => new Date(started.getTime() + total * MINUTE);
  switch (step.type) {
    case "email": {
      const emailId = text(detail.email_id);
      const link = emailId ? { href: `/emails/${emailId}`, label: "View email" } : undefined;
      if (outcome === "sent") return { title: "Email sent", tone: "done", link };
      if (outcome === "queued") {
        return {
          title: "Email queued",
          tone: "done",
          note: "It goes out once a sending provider is configured.",
          link,
        };
      }
      if (outcome === "skipped") {
        const reason = text(detail.reason);
        return {
          title: (reason && SKIP_REASONS[reason]) ?? "Email skipped",
          tone: "skipped",
          link:
            reason === "suppressed"
              ? { href: "/suppressions", label: "View suppressions" }
              : undefined,
        };
      }
      break;
    }
    case "delay": {
      const total = minutes(detail.delay_minutes);
      const length = total ? formatDuration(total) : undefined;
      if (outcome === "delaying" && left) {
        return { title: "Left during the delay", tone: "skipped" };
      }
      if (outcome === "delaying" && paused) {
        return {
          title: length ? `Waiting ${length}` : "Waiting",
          tone: "paused",
          note: "The delay carries on when the automation is live again.",
        };
      }
      if (outcome === "delaying") {
        return {
          title: length ? `Waiting ${length}` : "Waiting",
          tone: "current",
          note: total ? resumes(until(total), now) : undefined,
        };
      }
      if (outcome === "elapsed") {
        return { title: length ? `Waited ${length}` : "Waited", tone: "done" };
      }
      break;
    }
    case "wait": {
      const event = text(detail.wait_event) ?? "the event";
      const total = minutes(detail.timeout_minutes);
      if (outcome === "waiting" && left) {
        return { title: `Left while waiting for ${event}`, tone: "skipped" };
      }
      if (outcome === "waiting") {
        return {
          title: `Waiting for ${event}`,
          tone: paused ? "paused" : "current",
          note: total ? `Until ${formatDateTime(until(total))} at the latest` : undefined,
        };
      }
      if (outcome === "event") return { title: `Event ${event} was recorded`, tone: "done" };
      if (outcome === "timeout") {
        return {
          title: `Timed out waiting for ${event}`,
          tone: "skipped",
          note: total ? `No ${event} within ${formatDuration(total)}` : undefined,
        };
      }
      break;
    }
    case "branch":
      if (outcome === "true") {
        return { title: "Condition was true", tone: "done", note: "Took the Yes path" };
      }
      if (outcome === "false") {
        return { title: "Condition was false", tone: "done", note: "Took the No path" };
      }
      break;
    case "action": {
      const phrases = ACTIONS[text(detail.action) ?? ""];
      if (outcome === "done") return { title: phrases?.[0] ?? "Contact updated", tone: "done" };
      if (outcome === "unchanged") {
        return { title: phrases?.[1] ?? "Nothing to change", tone: "skipped" };
      }
      break;
    }
  }
  return { title: outcome ? `Outcome: ${outcome}` : "Started", tone: "done" };
}

function resumes(at: Date, now: Date): string {
  return at > now
    ? `Moves on ${relativeTime(at, now)} (${formatDateTime(at)})`
    : `Due since ${formatDateTime(at)}; moves on shortly`;
}
