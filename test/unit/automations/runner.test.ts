import { describe, expect, it } from "vitest";
import type { AutomationStepRecord } from "@/db/schema";
import { fixedClock } from "@/lib/core/clock";
import type { RunFacts } from "@/lib/automations/conditions";
import {
  advanceRun,
  type EmailResult,
  type EmailStepRecord,
  type RunState,
} from "@/lib/automations/runner";
import { BRANCH_OPERATORS } from "@/lib/automations/step-schemas";

const MINUTE = 60_000;
type Step = AutomationStepRecord;

/** A run driven the way the executor drives it: state carried over between advances. */
function harness(steps: Step[], contact: Partial<RunFacts["contact"]> = {}) {
  const clock = fixedClock("2026-06-01T12:00:00.000Z");
  const sent: { step: string; subject?: string; event?: unknown }[] = [];
  let emailResult: EmailResult = { outcome: "sent", detail: { email_id: "em_1" } };
  let facts: RunFacts = {
    contact: {
      email: "ada@example.com",
      name: "Ada",
      subscribed: true,
      source: "api",
      data: {},
      ...contact,
    },
  };
  let state: RunState = {
    status: "active",
    currentStep: steps[0]?.id ?? null,
    resumeAt: null,
    waitEvent: null,
    context: {},
    stepsExecuted: 0,
    error: null,
  };
  const history: { stepId: string; outcome: string; open: boolean }[] = [];
  return {
    clock,
    sent,
    history,
    get state() {
      return state;
    },
    set state(next: RunState) {
      state = next;
    },
    get contact() {
      return facts.contact;
    },
    failEmails(error: string) {
      emailResult = { error };
    },
    async advance() {
      const result = await advanceRun({
        state,
        steps,
        facts,
        now: clock.now(),
        ports: {
          async sendEmail(step: EmailStepRecord, _facts, context) {
            if (!("error" in emailResult))
              sent.push({ step: step.id, subject: step.subjectOverride, event: context.event });
            return emailResult;
          },
        },
      });
      for (const r of result.records)
        history.push({ stepId: r.stepId, outcome: r.outcome, open: r.finishedAt === null });
      for (const c of result.closures) {
        const open = history.find((h) => h.stepId === c.stepId && h.open)!;
        Object.assign(open, { outcome: c.outcome, open: false });
      }
      state = result.state;
      if (result.contactPatch) {
        const { subscribed, data } = result.contactPatch;
        const merged = { ...facts.contact.data };
        for (const [k, v] of Object.entries(data ?? {})) {
          if (v === null) delete merged[k];
          else merged[k] = v;
        }
        facts = {
          contact: {
            ...facts.contact,
            subscribed: subscribed ?? facts.contact.subscribed,
            data: merged,
          },
        };
      }
      return result;
    },
    /** What the event wake (enroll.ts) does to a waiting run, in SQL. */
    deliverEvent(data: Record<string, unknown>) {
      state = {
        ...state,
        status: "active",
        waitEvent: null,
        resumeAt: null,
        context: {
          ...state.context,
          event: data,
          wait: { outcome: "event", step: state.currentStep! },
        },
      };
    },
  };
}

const email = (id: string, extra: Partial<Step> = {}): Step => ({
  id,
  type: "email",
  templateId: "tpl_1",
  ...extra,
});
const delay = (id: string, delayMinutes: number, extra: Partial<Step> = {}): Step => ({
  id,
  type: "delay",
  delayMinutes,
  ...extra,
});

describe("delay steps", () => {
  it.each([1, 525_600])(
    "waits exactly %i minute(s) on the clock, then moves on",
    async (minutes) => {
      const run = harness([delay("d", minutes), email("e")]);
      await run.advance();
      expect(run.state).toMatchObject({ status: "delayed", currentStep: "d" });
      expect(run.state.resumeAt!.getTime() - run.clock.now().getTime()).toBe(minutes * MINUTE);
      expect(run.history).toEqual([{ stepId: "d", outcome: "delaying", open: true }]);

      run.clock.advance(minutes * MINUTE - 1);
      await run.advance();
      expect(run.state.status).toBe("delayed");
      expect(run.sent).toEqual([]);

      run.clock.advance(1);
      await run.advance();
      expect(run.state).toMatchObject({ status: "completed", currentStep: null, resumeAt: null });
      expect(run.sent.map((s) => s.step)).toEqual(["e"]);
      expect(run.history).toEqual([
        { stepId: "d", outcome: "elapsed", open: false },
        { stepId: "e", outcome: "sent", open: false },
      ]);
    },
  );
});

describe("wait steps", () => {
  const steps: Step[] = [
    { id: "w", type: "wait", waitEvent: "order.paid", waitTimeoutMinutes: 60 },
    {
      id: "b",
      type: "branch",
      branchCondition: { field: "wait.outcome", operator: "equals", value: "event" },
      nextTrue: "thanks",
      nextFalse: "nudge",
    },
    email("thanks", { next: null }),
    email("nudge"),
  ];

  it("times out after waitTimeoutMinutes and records the timeout for a branch", async () => {
    const run = harness(steps);
    await run.advance();
    expect(run.state).toMatchObject({ status: "waiting", waitEvent: "order.paid" });
    run.clock.advance(59 * MINUTE);
    await run.advance();
    expect(run.state.status).toBe("waiting");
    run.clock.advance(MINUTE);
    await run.advance();
    expect(run.state.context.wait).toEqual({ outcome: "timeout", step: "w" });
    expect(run.sent.map((s) => s.step)).toEqual(["nudge"]);
    expect(run.history.map((h) => `${h.stepId}:${h.outcome}`)).toEqual([
      "w:timeout",
      "b:false",
      "nudge:sent",
    ]);
  });

  it("continues when the event arrives, with the event's data", async () => {
    const run = harness(steps);
    await run.advance();
    run.clock.advance(5 * MINUTE);
    run.deliverEvent({ amount: 42 });
    await run.advance();
    expect(run.state.status).toBe("completed");
    expect(run.sent).toEqual([{ step: "thanks", subject: undefined, event: { amount: 42 } }]);
    expect(run.history.map((h) => `${h.stepId}:${h.outcome}`)).toEqual([
      "w:event",
      "b:true",
      "thanks:sent",
    ]);
  });
});

describe("branch steps", () => {
  // A value that makes each operator true for data.v = "Beta" (or absent for not_exists).
  const TRUE_CASES: Record<(typeof BRANCH_OPERATORS)[number], [unknown, unknown]> = {
    equals: ["Beta", "beta"],
    not_equals: ["Beta", "alpha"],
    contains: ["Beta", "et"],
    not_contains: ["Beta", "x"],
    starts_with: ["Beta", "be"],
    ends_with: ["Beta", "TA"],
    gt: [10, 9],
    gte: [10, 10],
    lt: ["2026-01-01", "2026-02-01"],
    lte: [3, 3],
    exists: ["Beta", undefined],
    not_exists: [undefined, undefined],
    in: ["Beta", ["alpha", "beta"]],
    not_in: ["Beta", ["alpha"]],
  };
  const steps = (operator: string, value: unknown): Step[] => [
    {
      id: "b",
      type: "branch",
      branchCondition: { field: "data.v", operator, value },
      nextTrue: "yes",
      nextFalse: "no",
    },
    email("yes", { next: null }),
    email("no"),
  ];

  it.each(BRANCH_OPERATORS)(
    "%s routes to nextTrue when it holds and nextFalse when not",
    async (op) => {
      const [actual, value] = TRUE_CASES[op];
      const holds = harness(steps(op, value), { data: actual === undefined ? {} : { v: actual } });
      await holds.advance();
      expect(holds.sent.map((s) => s.step)).toEqual(["yes"]);

      const other = op === "not_exists" ? { v: "set" } : op === "exists" ? {} : { v: "zzz-99" };
      const fails = harness(steps(op, value), { data: other });
      await fails.advance();
      expect(fails.sent.map((s) => s.step)).toEqual(
        op === "not_in" || op === "not_contains" || op === "not_equals" ? ["yes"] : ["no"],
      );
    },
  );

  it("a branch with no true pointer falls through to the next step", async () => {
    const run = harness([
      {
        id: "b",
        type: "branch",
        branchCondition: { field: "name", operator: "exists" },
        nextFalse: "z",
      },
      email("a", { next: null }),
      email("z"),
    ]);
    await run.advance();
    expect(run.sent.map((s) => s.step)).toEqual(["a"]);
  });
});

describe("action steps", () => {
  const action = (id: string, fields: Partial<Step>): Step =>
    ({ id, type: "action", ...fields }) as Step;

  it("update-field, add-tag and remove-tag change the contact's data; a later branch sees it", async () => {
    const run = harness(
      [
        action("u", { action: "update-field", actionKey: "plan", actionValue: "pro" }),
        action("t1", { action: "add-tag", tag: "vip" }),
        action("t2", { action: "add-tag", tag: "vip" }),
        action("t3", { action: "add-tag", tag: "beta" }),
        action("t4", { action: "remove-tag", tag: "beta" }),
        {
          id: "b",
          type: "branch",
          branchCondition: { field: "data.plan", operator: "equals", value: "pro" },
          nextTrue: "e",
          nextFalse: null,
        },
        email("e"),
      ],
      { data: { tags: ["old"] } },
    );
    await run.advance();
    expect(run.contact.data).toEqual({ plan: "pro", tags: ["old", "vip"] });
    expect(run.history.map((h) => `${h.stepId}:${h.outcome}`)).toEqual([
      "u:done",
      "t1:done",
      "t2:unchanged",
      "t3:done",
      "t4:done",
      "b:true",
      "e:sent",
    ]);
  });

  it("unsubscribe makes a later email step skip (recorded)", async () => {
    const run = harness([action("x", { action: "unsubscribe" }), email("e")]);
    await run.advance();
    expect(run.contact.subscribed).toBe(false);
    expect(run.sent).toEqual([]);
    expect(run.history.map((h) => `${h.stepId}:${h.outcome}`)).toEqual(["x:done", "e:skipped"]);
    expect(run.state.status).toBe("completed");
  });
});

describe("pointers", () => {
  it("omitted next falls through, an id jumps forward, null ends the run", async () => {
    const run = harness([
      email("a", { next: "c" }),
      email("b"),
      email("c"),
      email("d", { next: null }),
      email("e"),
    ]);
    await run.advance();
    expect(run.sent.map((s) => s.step)).toEqual(["a", "c", "d"]);
    expect(run.state).toMatchObject({ status: "completed", currentStep: null });
  });

  it("an automation with no steps completes at once", async () => {
    const run = harness([]);
    await run.advance();
    expect(run.state.status).toBe("completed");
  });
});

describe("failures and states", () => {
  it("a failed email step fails the run with its error", async () => {
    const run = harness([email("a"), email("b")]);
    run.failEmails("Template tpl_1 no longer exists.");
    await run.advance();
    expect(run.state).toMatchObject({
      status: "failed",
      error: "Template tpl_1 no longer exists.",
    });
    expect(run.history).toEqual([{ stepId: "a", outcome: "failed", open: false }]);
  });

  it("a paused run does nothing; a run on a step that no longer exists exits", async () => {
    const paused = harness([email("a")]);
    paused.state = { ...paused.state, status: "paused" };
    await paused.advance();
    expect(paused.sent).toEqual([]);

    const orphan = harness([email("a")]);
    orphan.state = { ...orphan.state, currentStep: "gone" };
    await orphan.advance();
    expect(orphan.state.status).toBe("exited");
  });

  it("execution keys are unique per run", async () => {
    const run = harness([email("a"), delay("d", 5), email("b")]);
    const first = await run.advance();
    run.clock.advance(5 * MINUTE);
    const second = await run.advance();
    const keys = [...first.records, ...second.records].map((r) => r.executionKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(run.state.stepsExecuted).toBe(3);
  });
});
