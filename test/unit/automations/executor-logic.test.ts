import { describe, expect, it } from "vitest";
import type { AutomationStepRecord } from "@/db/schema";
import { evaluateCondition, type RunFacts } from "@/lib/automations/conditions";
import { pointerAfter, successorOf } from "@/lib/automations/pointers";
import { BRANCH_OPERATORS } from "@/lib/automations/step-schemas";

const facts: RunFacts = {
  contact: {
    email: "Ada@Example.com",
    name: "Ada",
    subscribed: true,
    source: "api",
    data: {
      plan: "Pro",
      seats: 12,
      tags: ["vip", "beta"],
      since: "2025-03-01",
      nested: { tier: "gold" },
    },
  },
  event: { amount: "49.5", sku: "A-1" },
  wait: { outcome: "timeout" },
};
const check = (field: string, operator: (typeof BRANCH_OPERATORS)[number], value?: unknown) =>
  evaluateCondition({ field, operator, value }, facts);

describe("branch operators", () => {
  it("equals / not_equals compare text without case, numbers as numbers, booleans", () => {
    expect(check("data.plan", "equals", "pro")).toBe(true);
    expect(check("data.seats", "equals", "12")).toBe(true);
    expect(check("subscribed", "equals", "true")).toBe(true);
    expect(check("subscribed", "equals", false)).toBe(false);
    expect(check("data.plan", "not_equals", "free")).toBe(true);
    expect(check("data.missing", "equals", "x")).toBe(false);
    expect(check("data.missing", "not_equals", "x")).toBe(true);
  });

  it("contains / not_contains work on text and on lists", () => {
    expect(check("email", "contains", "@example")).toBe(true);
    expect(check("data.tags", "contains", "VIP")).toBe(true);
    expect(check("data.tags", "not_contains", "churned")).toBe(true);
    expect(check("data.missing", "contains", "x")).toBe(false);
  });

  it("starts_with / ends_with", () => {
    expect(check("email", "starts_with", "ada@")).toBe(true);
    expect(check("email", "ends_with", ".com")).toBe(true);
    expect(check("name", "ends_with", "x")).toBe(false);
  });

  it("gt / gte / lt / lte compare numbers and ISO dates, never text", () => {
    expect(check("data.seats", "gt", 10)).toBe(true);
    expect(check("data.seats", "gte", 12)).toBe(true);
    expect(check("event.amount", "lt", 50)).toBe(true);
    expect(check("event.amount", "lte", "49.5")).toBe(true);
    expect(check("data.since", "gt", "2025-01-01")).toBe(true);
    expect(check("data.plan", "gt", 1)).toBe(false);
    expect(check("data.missing", "lt", 1)).toBe(false);
  });

  it("exists / not_exists, nested data and event fields", () => {
    expect(check("data.nested.tier", "exists")).toBe(true);
    expect(check("event.sku", "exists")).toBe(true);
    expect(check("event.nothing", "not_exists")).toBe(true);
    expect(check("data.plan", "not_exists")).toBe(false);
  });

  it("in / not_in take a list", () => {
    expect(check("data.plan", "in", ["free", "pro"])).toBe(true);
    expect(check("data.plan", "not_in", ["free", "team"])).toBe(true);
    expect(check("data.missing", "in", ["x"])).toBe(false);
  });

  it("reads the last wait's outcome", () => {
    expect(check("wait.outcome", "equals", "timeout")).toBe(true);
    expect(check("wait.outcome", "equals", "event")).toBe(false);
  });

  it("covers every operator of DECISIONS §5", () => {
    for (const operator of BRANCH_OPERATORS)
      expect(typeof check("data.plan", operator, ["pro"])).toBe("boolean");
  });
});

describe("pointer rules", () => {
  const steps = [
    { id: "a", type: "delay", delayMinutes: 5 },
    { id: "b", type: "branch", nextTrue: "d", nextFalse: null },
    { id: "c", type: "action", action: "unsubscribe", next: null },
    { id: "d", type: "email", templateId: "t" },
  ] as AutomationStepRecord[];

  it("omitted next falls through, null ends, an id jumps", () => {
    expect(successorOf(steps, 0, pointerAfter(steps[0]!))).toBe("b");
    expect(successorOf(steps, 2, pointerAfter(steps[2]!))).toBeNull();
    expect(successorOf(steps, 1, pointerAfter(steps[1]!, true))).toBe("d");
    expect(successorOf(steps, 1, pointerAfter(steps[1]!, false))).toBeNull();
    expect(successorOf(steps, 3, pointerAfter(steps[3]!))).toBeNull();
  });

  it("a branch without nextTrue falls through to the following step", () => {
    const s = [
      { id: "x", type: "branch", nextFalse: null },
      { id: "y", type: "delay" },
    ] as AutomationStepRecord[];
    expect(successorOf(s, 0, pointerAfter(s[0]!, true))).toBe("y");
  });
});
