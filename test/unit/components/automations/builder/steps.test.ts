import { describe, expect, it } from "vitest";
import {
  adaptCondition,
  composeField,
  operatorLabel,
  operatorsFor,
  parseField,
  textToValue,
  valueInputFor,
} from "@/components/automations/builder/condition";
import {
  formatDuration,
  splitMinutes,
  toMinutes,
} from "@/components/automations/builder/durations";
import type { Step } from "@/components/automations/builder/graph";
import { placeIssues, validateDraft } from "@/components/automations/builder/issues";
import {
  cleanStep,
  createStep,
  newStepId,
  toPayload,
} from "@/components/automations/builder/steps-draft";
import {
  conditionSummary,
  stepSummary,
  triggerSummary,
} from "@/components/automations/builder/summary";
import { BRANCH_OPERATORS, STEP_TYPES } from "@/lib/automations/step-schemas";
import { parseUpdateAutomation } from "@/lib/automations/schemas";
import { ValidationError } from "@/lib/core/errors";

const templates = { templateName: (id: string) => (id === "tpl_welcome" ? "Welcome" : undefined) };
const summary = (step: Omit<Step, "id">) => stepSummary({ id: "s", ...step } as Step, templates);

describe("durations", () => {
  it("shows minutes in the largest unit that divides them", () => {
    expect(splitMinutes(4320)).toEqual({ amount: 3, unit: "days" });
    expect(splitMinutes(20160)).toEqual({ amount: 2, unit: "weeks" });
    expect(splitMinutes(90)).toEqual({ amount: 90, unit: "minutes" });
    expect(formatDuration(60)).toBe("1 hour");
    expect(formatDuration(525600)).toBe("365 days");
    expect(formatDuration(36000)).toBe("25 days");
  });

  it("turns an amount and a unit into minutes", () => {
    expect(toMinutes("3", "days")).toBe(4320);
    expect(toMinutes("1.1", "hours")).toBe(66);
    expect(toMinutes("0.5", "minutes")).toBe(0.5);
    expect(toMinutes("", "days")).toBeUndefined();
    expect(toMinutes("abc", "days")).toBeUndefined();
  });
});

describe("step summaries", () => {
  it("says each step in words", () => {
    expect(summary({ type: "delay", delayMinutes: 4320 })).toBe("Wait 3 days");
    expect(summary({ type: "email", templateId: "tpl_welcome" })).toBe("Send “Welcome”");
    expect(summary({ type: "email", templateId: "" })).toBe("Choose a template");
    expect(summary({ type: "email", templateId: "tpl_gone" })).toBe(
      "Send a template that no longer exists",
    );
    expect(summary({ type: "wait", waitEvent: "order.paid", waitTimeoutMinutes: 2880 })).toBe(
      "Wait for event order.paid, up to 2 days",
    );
    expect(
      summary({
        type: "branch",
        branchCondition: { field: "data.plan", operator: "equals", value: "pro" },
      }),
    ).toBe("If data.plan equals pro");
    expect(summary({ type: "action", action: "add-tag", tag: "vip" })).toBe("Add tag vip");
    expect(summary({ type: "action", action: "remove-tag", tag: "vip" })).toBe("Remove tag vip");
    expect(summary({ type: "action", action: "unsubscribe" })).toBe("Unsubscribe the contact");
    expect(
      summary({ type: "action", action: "update-field", actionKey: "plan", actionValue: "pro" }),
    ).toBe("Set data.plan to pro");
    expect(summary({ type: "action", action: "update-field", actionKey: "plan" })).toBe(
      "Clear data.plan",
    );
  });

  it("reads yes/no fields and lists naturally", () => {
    expect(conditionSummary({ field: "subscribed", operator: "equals", value: false })).toBe(
      "If the contact is unsubscribed",
    );
    expect(conditionSummary({ field: "wait.outcome", operator: "equals", value: "timeout" })).toBe(
      "If the wait timed out",
    );
    expect(conditionSummary({ field: "data.plan", operator: "in", value: ["pro", "team"] })).toBe(
      "If data.plan is one of pro, team",
    );
    expect(conditionSummary({ field: "email", operator: "exists" })).toBe("If email is set");
    expect(conditionSummary({ field: "data.", operator: "equals", value: "" })).toBe(
      "Set a condition",
    );
  });

  it("names the trigger", () => {
    expect(triggerSummary({ event: "contact.subscribed" })).toBe("When a contact subscribes");
    expect(triggerSummary({ event: "event", name: "order.paid" })).toBe(
      "When event order.paid is recorded",
    );
  });
});

describe("condition builder", () => {
  it("has words for all fourteen operators", () => {
    for (const op of BRANCH_OPERATORS) expect(operatorLabel("data", op)).toMatch(/^[a-z ]+$/);
    expect(operatorsFor("data")).toHaveLength(14);
    expect(operatorsFor("subscribed")).toEqual(["equals", "not_equals"]);
    expect(operatorLabel("subscribed", "not_equals")).toBe("is not");
  });

  it("splits and joins fields", () => {
    expect(parseField("data.company.size")).toEqual({ kind: "data", key: "company.size" });
    expect(parseField("wait.outcome")).toEqual({ kind: "wait", key: "" });
    expect(composeField("event", " total ")).toBe("event.total");
    expect(composeField("subscribed", "x")).toBe("subscribed");
  });

  it("adapts the value input to the operator and field", () => {
    expect(valueInputFor("data", "exists")).toBe("none");
    expect(valueInputFor("data", "in")).toBe("list");
    expect(valueInputFor("subscribed", "equals")).toBe("subscribed");
    expect(valueInputFor("wait", "equals")).toBe("outcome");
    expect(valueInputFor("data", "gte")).toBe("number");
    expect(textToValue(" pro, team ,, ", "list")).toEqual(["pro", "team"]);
    expect(textToValue("42", "number")).toBe(42);
    expect(textToValue("2025-01-31", "number")).toBe("2025-01-31");
    expect(textToValue(" pro ", "text")).toBe("pro");
  });

  it("carries the value over when the operator or field changes", () => {
    const base = { field: "data.plan", value: "pro" };
    expect(adaptCondition({ ...base, operator: "exists" })).toEqual({
      field: "data.plan",
      operator: "exists",
    });
    expect(adaptCondition({ ...base, operator: "in", value: "pro, team" }).value).toEqual([
      "pro",
      "team",
    ]);
    expect(adaptCondition({ field: "subscribed", operator: "contains", value: "x" })).toEqual({
      field: "subscribed",
      operator: "equals",
      value: true,
    });
    expect(adaptCondition({ field: "wait.outcome", operator: "equals" }).value).toBe("event");
  });
});

describe("validation mirrors the API", () => {
  const known = new Set(["tpl_welcome"]);
  const draft = (steps: Step[], extra = {}) =>
    toPayload({ name: "Flow", trigger: { event: "contact.subscribed" }, steps, ...extra });

  it("accepts exactly what the API accepts for every new step once filled in", () => {
    const filled: Step[] = [
      { ...createStep("email", "a"), templateId: "tpl_welcome" },
      createStep("delay", "b"),
      { ...createStep("wait", "c"), waitEvent: "order.paid" },
      {
        ...createStep("branch", "d"),
        branchCondition: { field: "data.plan", operator: "equals", value: "pro" },
      },
      { ...createStep("action", "e"), tag: "vip" },
    ];
    expect(validateDraft(draft(filled), known)).toEqual([]);
    expect(() => parseUpdateAutomation({ steps: draft(filled).steps })).not.toThrow();
  });

  it("finds the same problems, on the same paths, as the API's 422", () => {
    const steps = STEP_TYPES.map((type, i) => createStep(type, `s${i}`));
    steps[1] = { ...steps[1]!, delayMinutes: 525601 };
    const payload = draft(steps, { name: " ", trigger: { event: "event", name: "" } });
    const client = validateDraft(payload, known).map((d) => d.path);
    let server: string[] = [];
    try {
      parseUpdateAutomation(payload);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      server = (error.details ?? []).map((d) => d.path);
    }
    expect(client).toEqual(expect.arrayContaining(server));
    expect(client).toEqual(
      expect.arrayContaining([
        "name",
        "trigger.name",
        "steps.0.templateId",
        "steps.1.delayMinutes",
        "steps.2.waitEvent",
        "steps.3.branchCondition.field",
        "steps.4.tag",
      ]),
    );
  });

  it("flags an email step whose template is gone", () => {
    const payload = draft([{ id: "a", type: "email", templateId: "tpl_gone" }]);
    expect(validateDraft(payload, known)).toEqual([
      { path: "steps.0.templateId", message: "is not a template of this project or the gallery" },
    ]);
  });
});

describe("placeIssues", () => {
  const steps: Step[] = [
    { id: "a", type: "delay", delayMinutes: 0 },
    { id: "b", type: "email", templateId: "" },
    { id: "c", type: "branch", branchCondition: { field: "data.", operator: "in", value: [] } },
  ];

  it("puts the API's paths on the step and field, in the builder's words", () => {
    const issues = placeIssues(steps, [
      { path: "name", message: "must not be empty" },
      { path: "trigger.name", message: "must not be empty" },
      { path: "steps.0.delayMinutes", message: "must be an integer from 1 to 525600" },
      { path: "steps.1.templateId", message: "is not a template of this project or the gallery" },
      { path: "steps.2.branchCondition.field", message: "must be email, name, …" },
      { path: "steps.2.branchCondition.value", message: "must be an array of 1 to 100 values" },
      { path: "steps.9.type", message: "must be one of email, delay" },
      { path: "steps", message: "must have at most 200 steps" },
    ]);
    expect(issues.name).toBe("Must not be empty.");
    expect(issues.trigger).toEqual({ name: "Must not be empty." });
    expect(issues.steps).toEqual({
      a: { delayMinutes: "Enter a delay from 1 minute to 365 days." },
      b: { templateId: "This template no longer exists. Choose another one." },
      c: {
        "branchCondition.field": "Enter the name of the field to check.",
        "branchCondition.value": "Enter at least one value (at most 100), separated by commas.",
      },
    });
    expect(issues.general).toEqual([
      "steps.9.type: must be one of email, delay",
      "steps: must have at most 200 steps",
    ]);
  });
});

describe("what is sent", () => {
  it("keeps only the step type's fields, trimmed like the API stores them", () => {
    expect(
      cleanStep({
        id: "a",
        type: "action",
        action: "add-tag",
        tag: " vip ",
        actionKey: "plan",
        detail: "  ",
        next: null,
      }),
    ).toEqual({ id: "a", type: "action", action: "add-tag", tag: "vip", next: null });
    expect(
      cleanStep({
        id: "b",
        type: "branch",
        next: "x",
        nextTrue: null,
        nextFalse: null,
        branchCondition: { field: "email", operator: "exists", value: "stale" },
      }),
    ).toEqual({
      id: "b",
      type: "branch",
      nextTrue: null,
      nextFalse: null,
      branchCondition: { field: "email", operator: "exists" },
    });
    expect(cleanStep({ id: "c", type: "email", templateId: "t", subjectOverride: "" })).toEqual({
      id: "c",
      type: "email",
      templateId: "t",
    });
    // The topic an email step is about is sent with it (DECISIONS §13); none is no key at all.
    expect(cleanStep({ id: "e", type: "email", templateId: "t", topicId: "tp_1" })).toEqual({
      id: "e",
      type: "email",
      templateId: "t",
      topicId: "tp_1",
    });
  });

  it("makes fresh step ids unlike the taken ones", () => {
    let call = 0;
    const random = () => (call++ < 12 ? 0 : 0.5);
    expect(newStepId(new Set(["step_000000000000"]), random)).toBe("step_VVVVVVVVVVVV");
  });
});
