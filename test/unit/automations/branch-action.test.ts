import { describe, expect, it } from "vitest";
import { parseCreateAutomation } from "@/lib/automations/schemas";
import { BRANCH_OPERATORS } from "@/lib/automations/step-schemas";
import { ValidationError } from "@/lib/core/errors";

function step(input: Record<string, unknown>) {
  return parseCreateAutomation({ name: "Flow", steps: [input] }).steps[0]!;
}

function rejectedPaths(input: Record<string, unknown>): string[] {
  try {
    step(input);
  } catch (error) {
    if (error instanceof ValidationError) return error.details?.map((d) => d.path) ?? [];
    throw error;
  }
  throw new Error("expected a ValidationError");
}

const branch = (branchCondition: unknown) => ({ type: "branch", branchCondition });

/** A value each operator accepts. */
const SAMPLE_VALUE: Record<(typeof BRANCH_OPERATORS)[number], unknown> = {
  equals: "pro",
  not_equals: null,
  contains: "acme",
  not_contains: "spam",
  starts_with: "ad",
  ends_with: ".com",
  gt: 10,
  gte: "2026-01-01",
  lt: 3.5,
  lte: 0,
  exists: undefined,
  not_exists: undefined,
  in: ["a", 1, true],
  not_in: ["x"],
};

describe("branch steps", () => {
  it.each(BRANCH_OPERATORS)("accepts operator %s", (operator) => {
    const condition = { field: "data.plan", operator, value: SAMPLE_VALUE[operator] };
    expect(step(branch(condition))).toMatchObject({
      type: "branch",
      branchCondition: { operator },
    });
  });

  it("rejects an unknown operator", () => {
    expect(rejectedPaths(branch({ field: "email", operator: "matches", value: "x" }))).toEqual([
      "steps.0.branchCondition.operator",
    ]);
  });

  it("accepts the documented fields and rejects others", () => {
    for (const field of [
      "email",
      "name",
      "subscribed",
      "source",
      "wait.outcome",
      "data.plan",
      "event.amount",
    ]) {
      expect(step(branch({ field, operator: "exists" }))).toMatchObject({
        branchCondition: { field },
      });
    }
    for (const field of ["id", "data.", "event", "wait.other", "", 5]) {
      expect(rejectedPaths(branch({ field, operator: "exists" }))).toEqual([
        "steps.0.branchCondition.field",
      ]);
    }
  });

  it("requires a value except for exists / not_exists, and drops a stray one there", () => {
    expect(rejectedPaths(branch({ field: "email", operator: "equals" }))).toEqual([
      "steps.0.branchCondition.value",
    ]);
    const stored = step(branch({ field: "email", operator: "not_exists", value: 1 }));
    expect(stored).toMatchObject({ branchCondition: { field: "email", operator: "not_exists" } });
    expect(stored).not.toHaveProperty("branchCondition.value");
  });

  it("checks value shapes per operator", () => {
    const bad: [string, unknown][] = [
      ["in", "a"],
      ["not_in", []],
      ["in", [{ nested: true }]],
      ["contains", 5],
      ["gt", true],
      ["equals", { a: 1 }],
    ];
    for (const [operator, value] of bad) {
      expect(rejectedPaths(branch({ field: "data.x", operator, value }))).toEqual([
        "steps.0.branchCondition.value",
      ]);
    }
  });

  it("needs a branchCondition object", () => {
    expect(rejectedPaths({ type: "branch" })).toEqual(["steps.0.branchCondition"]);
  });
});

describe("action steps", () => {
  it("accepts each action with the fields it needs, keeping only those", () => {
    expect(step({ type: "action", action: "unsubscribe", tag: "ignored" })).toEqual({
      id: expect.any(String),
      type: "action",
      action: "unsubscribe",
    });
    expect(
      step({ type: "action", action: "update-field", actionKey: "plan", actionValue: "pro" }),
    ).toMatchObject({
      actionKey: "plan",
      actionValue: "pro",
    });
    expect(
      step({ type: "action", action: "add-tag", tag: "vip", actionKey: "x" }),
    ).not.toHaveProperty("actionKey");
    expect(step({ type: "action", action: "remove-tag", tag: "vip" })).toMatchObject({
      tag: "vip",
    });
  });

  it("requires actionKey for update-field and tag for tag actions", () => {
    expect(rejectedPaths({ type: "action", action: "update-field", actionValue: 1 })).toEqual([
      "steps.0.actionKey",
    ]);
    expect(rejectedPaths({ type: "action", action: "add-tag" })).toEqual(["steps.0.tag"]);
    expect(rejectedPaths({ type: "action", action: "remove-tag", tag: "" })).toEqual([
      "steps.0.tag",
    ]);
  });

  it("rejects an unknown action", () => {
    expect(rejectedPaths({ type: "action", action: "delete-contact" })).toEqual(["steps.0.action"]);
  });
});
