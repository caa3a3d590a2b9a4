import { describe, expect, it } from "vitest";
import {
  fromApiRule,
  missingPart,
  newRule,
  operatorsFor,
  toApiRule,
  withKind,
  type RuleDraft,
} from "@/components/segments/rule-draft";
import { conditionsSummary } from "@/components/segments/segment-summary";

const rule = (patch: Partial<RuleDraft>): RuleDraft => ({ ...newRule("r1"), ...patch });

describe("segment builder rules", () => {
  it("offers operators that fit the field", () => {
    expect(operatorsFor("email")).not.toContain("gt");
    expect(operatorsFor("data")).toContain("gt");
    expect(operatorsFor("subscribed")).toEqual(["equals", "not_equals"]);
    expect(operatorsFor("opened")).toEqual(["in_last_days", "not_in_last_days"]);
  });

  it("sends the API's shape for each kind of value", () => {
    expect(
      toApiRule(rule({ kind: "data", key: "plan", operator: "in", text: "pro, team," })),
    ).toEqual({ field: "data.plan", operator: "in", value: ["pro", "team"] });
    expect(toApiRule(rule({ kind: "opened", operator: "in_last_days", text: "30" }))).toEqual({
      field: "email.opened",
      operator: "in_last_days",
      value: 30,
    });
    expect(toApiRule(rule({ kind: "name", operator: "exists", text: "left over" }))).toEqual({
      field: "name",
      operator: "exists",
    });
    expect(toApiRule(rule({ kind: "subscribed", operator: "equals", subscribed: false }))).toEqual({
      field: "subscribed",
      operator: "equals",
      value: false,
    });
    expect(toApiRule(rule({ kind: "data", key: "age", operator: "gte", text: "18" })).value).toBe(
      18,
    );
  });

  it("reads dates as whole days", () => {
    const after = toApiRule(rule({ kind: "created_at", operator: "gt", text: "2026-01-31" }));
    expect(after.value).toBe("2026-01-31T23:59:59.999Z");
    const from = toApiRule(rule({ kind: "created_at", operator: "gte", text: "2026-01-31" }));
    expect(from.value).toBe("2026-01-31");
    expect(fromApiRule("r", { field: "created_at", operator: "gt", value: after.value }).text).toBe(
      "2026-01-31",
    );
  });

  it("round-trips stored rules", () => {
    for (const stored of [
      { field: "data.plan", operator: "in", value: ["pro", "team"] },
      { field: "email.clicked", operator: "not_in_last_days", value: 7 },
      { field: "subscribed", operator: "not_equals", value: true },
      { field: "source", operator: "not_exists" },
    ]) {
      expect(toApiRule(fromApiRule("r", stored))).toEqual(stored);
    }
  });

  it("says what an unfinished rule lacks", () => {
    expect(missingPart(rule({ kind: "data", key: " " }))).toBe("a field name");
    expect(missingPart(rule({ operator: "in", text: " , " }))).toBe("at least one value");
    expect(missingPart(rule({ kind: "opened", operator: "in_last_days", text: "" }))).toBe(
      "a number of days",
    );
    expect(missingPart(rule({ operator: "exists" }))).toBeNull();
    expect(missingPart(rule({ text: "acme.com" }))).toBeNull();
  });

  it("keeps what still fits when the field changes", () => {
    const contains = rule({ kind: "email", operator: "contains", text: "acme" });
    expect(withKind(contains, "name")).toMatchObject({ operator: "contains", text: "acme" });
    expect(withKind(contains, "opened")).toMatchObject({ operator: "in_last_days", text: "30" });
    expect(withKind(contains, "subscribed")).toMatchObject({ operator: "equals" });
  });
});

describe("segment builder tag rules", () => {
  it("offers include / don't include and sends the API's tags rule both ways", () => {
    expect(operatorsFor("tags")).toEqual(["has_tag", "not_has_tag"]);
    const draft = withKind(newRule("r1"), "tags");
    expect(draft.operator).toBe("has_tag");
    expect(missingPart(draft)).toBe("a value");
    expect(toApiRule({ ...draft, text: " vip " })).toEqual({
      field: "tags",
      operator: "has_tag",
      value: "vip",
    });
    const stored = { field: "tags", operator: "not_has_tag", value: "churned" };
    expect(toApiRule(fromApiRule("r2", stored))).toEqual(stored);
  });

  it("summarises a tag rule in words", () => {
    expect(
      conditionsSummary({ rules: [{ field: "tags", operator: "has_tag", value: "vip" }] }),
    ).toBe("Tags include “vip”");
  });
});
