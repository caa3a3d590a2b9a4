import type { BranchOperator } from "./step-schemas";

/**
 * Branch conditions (DECISIONS §5), evaluated against what a run knows: the contact's fields and
 * data, the data of the event that enrolled or last woke the run, and the last wait's outcome.
 * Text comparisons ignore case; numbers compare as numbers, ISO dates as dates.
 */
export type BranchCondition = { field: string; operator: BranchOperator; value?: unknown };

export type RunFacts = {
  contact: {
    email: string;
    name: string | null;
    subscribed: boolean;
    source: string;
    data: Record<string, unknown>;
  };
  event?: Record<string, unknown>;
  wait?: { outcome?: "event" | "timeout" };
};

export function resolveField(field: string, facts: RunFacts): unknown {
  if (field === "wait.outcome") return facts.wait?.outcome;
  if (field.startsWith("data.")) return lookupPath(facts.contact.data, field.slice(5));
  if (field.startsWith("event.")) return lookupPath(facts.event ?? {}, field.slice(6));
  if (field === "email" || field === "name" || field === "subscribed" || field === "source") {
    return facts.contact[field];
  }
  return undefined;
}

function lookupPath(root: Record<string, unknown>, path: string): unknown {
  let current: unknown = root;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const isPresent = (v: unknown) => v !== undefined && v !== null && v !== "";

function asNumber(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function asTime(v: unknown): number | null {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

function asText(v: unknown): string {
  return typeof v === "string"
    ? v.toLowerCase()
    : typeof v === "number" || typeof v === "boolean"
      ? String(v)
      : "";
}

export function valuesEqual(actual: unknown, expected: unknown): boolean {
  if (!isPresent(actual) && !isPresent(expected)) return true;
  if (!isPresent(actual) || !isPresent(expected)) return false;
  if (typeof actual === "boolean" || typeof expected === "boolean")
    return asText(actual) === asText(expected);
  const a = asNumber(actual);
  const b = asNumber(expected);
  if (a !== null && b !== null) return a === b;
  return asText(actual) === asText(expected);
}

function compare(actual: unknown, expected: unknown): number | null {
  const a = asNumber(actual);
  const b = asNumber(expected);
  if (a !== null && b !== null) return a - b;
  const ta = asTime(actual);
  const tb = asTime(expected);
  if (ta !== null && tb !== null) return ta - tb;
  return null;
}

function contains(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(actual)) return actual.some((item) => valuesEqual(item, expected));
  return isPresent(actual) && asText(actual).includes(asText(expected));
}

export function evaluateCondition(condition: BranchCondition, facts: RunFacts): boolean {
  const actual = resolveField(condition.field, facts);
  const expected = condition.value;
  const list = Array.isArray(expected) ? expected : [expected];
  switch (condition.operator) {
    case "equals":
      return valuesEqual(actual, expected);
    case "not_equals":
      return !valuesEqual(actual, expected);
    case "contains":
      return contains(actual, expected);
    case "not_contains":
      return !contains(actual, expected);
    case "starts_with":
      return isPresent(actual) && asText(actual).startsWith(asText(expected));
    case "ends_with":
      return isPresent(actual) && asText(actual).endsWith(asText(expected));
    case "gt":
      return (compare(actual, expected) ?? NaN) > 0;
    case "gte":
      return (compare(actual, expected) ?? NaN) >= 0;
    case "lt":
      return (compare(actual, expected) ?? NaN) < 0;
    case "lte":
      return (compare(actual, expected) ?? NaN) <= 0;
    case "exists":
      return isPresent(actual);
    case "not_exists":
      return !isPresent(actual);
    case "in":
      return list.some((item) => valuesEqual(actual, item));
    case "not_in":
      return !list.some((item) => valuesEqual(actual, item));
  }
}
