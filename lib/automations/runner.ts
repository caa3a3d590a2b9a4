import type { AutomationStepRecord, RunStatus } from "@/db/schema";
import { evaluateCondition, type BranchCondition, type RunFacts } from "./conditions";
import { pointerAfter, successorOf } from "./pointers";
import { tagsOf } from "@/lib/core/tags";

/**
 * The automation executor's logic, free of I/O: given a run's state, the automation's steps, what
 * is known of the contact and the time, it executes steps until the run has to wait (delay, wait)
 * or ends, and says what to record. Sending is a port, so the database executor plugs in the
 * sending pipeline and unit tests a fake, with a fake clock.
 */
export type RunContext = {
  /** Data of the event that enrolled or last woke the run (`event.<key>` in branches). */
  event?: Record<string, unknown>;
  event_name?: string;
  event_id?: string;
  /** Outcome of the last wait step (`wait.outcome` in branches) and which step it was. */
  wait?: { outcome: "event" | "timeout"; step: string };
  /** "test" when a test key's request started the run: its emails are simulated. */
  mode?: "live" | "test";
};

export type RunState = {
  status: RunStatus;
  currentStep: string | null;
  resumeAt: Date | null;
  waitEvent: string | null;
  context: RunContext;
  stepsExecuted: number;
  error: string | null;
};

/** A step execution to insert; delay and wait steps are inserted open (`finishedAt` null). */
export type StepRecord = {
  stepId: string;
  stepType: string;
  executionKey: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: string;
  error?: string;
  detail?: Record<string, unknown>;
};
/** Closes the open record of a delay or wait step of this run. */
export type StepClosure = { stepId: string; finishedAt: Date; outcome: string };

export type EmailStepRecord = AutomationStepRecord & {
  templateId: string;
  subjectOverride?: string;
  topicId?: string;
};
export type EmailResult =
  { outcome: "sent" | "queued" | "skipped"; detail: Record<string, unknown> } | { error: string };

export type RunnerPorts = {
  sendEmail(step: EmailStepRecord, facts: RunFacts, context: RunContext): Promise<EmailResult>;
};

/** Contact changes made by action steps: `data` keys to set (null removes the key). */
export type ContactPatch = { subscribed?: boolean; data?: Record<string, unknown> };

export type AdvanceResult = {
  state: RunState;
  records: StepRecord[];
  closures: StepClosure[];
  contactPatch: ContactPatch | null;
};

export const FINISHED: readonly RunStatus[] = ["completed", "exited", "failed"];
const MINUTE = 60_000;

export async function advanceRun(input: {
  state: RunState;
  steps: readonly AutomationStepRecord[];
  facts: RunFacts;
  now: Date;
  ports: RunnerPorts;
}): Promise<AdvanceResult> {
  const { steps, now, ports } = input;
  const state: RunState = { ...input.state, context: { ...input.state.context } };
  const facts: RunFacts = { ...input.facts, contact: { ...input.facts.contact } };
  const records: StepRecord[] = [];
  const closures: StepClosure[] = [];
  let patch: ContactPatch | null = null;

  const finish = (status: RunStatus, error: string | null = null) => {
    state.status = status;
    state.currentStep = null;
    state.resumeAt = null;
    state.waitEvent = null;
    state.error = error;
  };
  const moveOn = (index: number, branchResult?: boolean) => {
    const next = successorOf([...steps], index, pointerAfter(steps[index]!, branchResult));
    state.resumeAt = null;
    state.waitEvent = null;
    if (next === null) finish("completed");
    else {
      state.currentStep = next;
      state.status = "active";
    }
  };
  const record = (step: AutomationStepRecord, outcome: string, extra: Partial<StepRecord> = {}) => {
    records.push({
      stepId: step.id,
      stepType: step.type,
      executionKey: `${state.stepsExecuted}:${step.id}`,
      startedAt: now,
      finishedAt: now,
      outcome,
      ...extra,
    });
    state.stepsExecuted += 1;
  };

  // The graph is forward-only, so a run visits each step at most once per advance.
  for (let guard = 0; guard <= steps.length && !FINISHED.includes(state.status); guard++) {
    if (state.status === "paused") break;
    if (state.currentStep === null) {
      finish("completed");
      break;
    }
    const index = steps.findIndex((s) => s.id === state.currentStep);
    if (index < 0) {
      finish("exited", `Step ${state.currentStep} no longer exists in the automation.`);
      break;
    }
    const step = steps[index]!;
    facts.event = state.context.event;
    facts.wait = state.context.wait ? { outcome: state.context.wait.outcome } : undefined;

    switch (step.type) {
      case "delay": {
        if (state.status === "delayed") {
          if (!state.resumeAt || state.resumeAt > now) return done();
          closures.push({ stepId: step.id, finishedAt: now, outcome: "elapsed" });
          moveOn(index);
          break;
        }
        const minutes = Number(step.delayMinutes);
        record(step, "delaying", { finishedAt: null, detail: { delay_minutes: minutes } });
        state.status = "delayed";
        state.resumeAt = new Date(now.getTime() + minutes * MINUTE);
        return done();
      }
      case "wait": {
        const woken = state.context.wait?.step === step.id ? state.context.wait.outcome : null;
        const timedOut = state.status === "waiting" && state.resumeAt && state.resumeAt <= now;
        if (woken || timedOut) {
          const outcome = woken ?? "timeout";
          state.context.wait = { outcome, step: step.id };
          closures.push({ stepId: step.id, finishedAt: now, outcome });
          moveOn(index);
          break;
        }
        if (state.status === "waiting") return done();
        const minutes = Number(step.waitTimeoutMinutes);
        record(step, "waiting", {
          finishedAt: null,
          detail: { wait_event: step.waitEvent, timeout_minutes: minutes },
        });
        state.status = "waiting";
        state.waitEvent = String(step.waitEvent);
        state.resumeAt = new Date(now.getTime() + minutes * MINUTE);
        return done();
      }
      case "branch": {
        const result = evaluateCondition(step.branchCondition as BranchCondition, facts);
        record(step, result ? "true" : "false");
        moveOn(index, result);
        break;
      }
      case "action": {
        const change = contactChange(step, facts);
        if (change) {
          patch = mergePatch(patch, change);
          if (change.subscribed !== undefined) facts.contact.subscribed = change.subscribed;
          if (change.data) facts.contact.data = applyDataPatch(facts.contact.data, change.data);
        }
        record(step, change ? "done" : "unchanged", { detail: { action: step.action } });
        moveOn(index);
        break;
      }
      case "email": {
        if (!facts.contact.subscribed) {
          record(step, "skipped", { detail: { reason: "unsubscribed" } });
          moveOn(index);
          break;
        }
        const result = await ports.sendEmail(step as EmailStepRecord, facts, state.context);
        if ("error" in result) {
          record(step, "failed", { error: result.error });
          finish("failed", result.error);
          break;
        }
        record(step, result.outcome, { detail: result.detail });
        moveOn(index);
        break;
      }
      default:
        finish("failed", `Unknown step type ${step.type}.`);
    }
  }
  return done();

  function done(): AdvanceResult {
    return { state, records, closures, contactPatch: patch };
  }
}

/** What an action step changes on the contact (null: nothing to change). */
export function contactChange(step: AutomationStepRecord, facts: RunFacts): ContactPatch | null {
  const data = facts.contact.data;
  switch (step.action) {
    case "unsubscribe":
      return facts.contact.subscribed ? { subscribed: false } : null;
    case "update-field": {
      const key = String(step.actionKey ?? "").replace(/^data\./, "");
      if (!key) return null;
      return { data: { [key]: step.actionValue ?? null } };
    }
    case "add-tag":
    case "remove-tag": {
      const tag = String(step.tag ?? "");
      const tags = tagsOf(data.tags);
      const has = tags.includes(tag);
      if (step.action === "add-tag") return has ? null : { data: { tags: [...tags, tag] } };
      return has ? { data: { tags: tags.filter((t) => t !== tag) } } : null;
    }
    default:
      return null;
  }
}

export function applyDataPatch(data: Record<string, unknown>, change: Record<string, unknown>) {
  const next = { ...data };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

function mergePatch(current: ContactPatch | null, change: ContactPatch): ContactPatch {
  return {
    ...current,
    ...change,
    ...((current?.data || change.data) && { data: { ...current?.data, ...change.data } }),
  };
}
