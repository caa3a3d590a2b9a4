import { BRANCH_OPERATORS, type BranchOperator } from "@/lib/automations/step-schemas";

/**
 * The branch condition builder's vocabulary (DECISIONS §5): which field, which operator in
 * words, and how the value is typed for that pair. The stored shape is the API's
 * `{ field, operator, value }`; these helpers translate both ways.
 */
export type FieldKind = "email" | "name" | "subscribed" | "source" | "data" | "event" | "wait";

export const FIELD_KINDS: { value: FieldKind; label: string; hint?: string }[] = [
  { value: "email", label: "Email address" },
  { value: "name", label: "Name" },
  { value: "subscribed", label: "Subscription" },
  {
    value: "source",
    label: "Source",
    hint: "Where the contact came from: api, dashboard, import…",
  },
  { value: "data", label: "Contact data field", hint: "A custom field of the contact." },
  {
    value: "event",
    label: "Event data field",
    hint: "From the event that started this run (or woke its last wait).",
  },
  { value: "wait", label: "Outcome of the last wait" },
];

export const OPERATOR_LABELS: Record<BranchOperator, string> = {
  equals: "equals",
  not_equals: "does not equal",
  contains: "contains",
  not_contains: "does not contain",
  starts_with: "starts with",
  ends_with: "ends with",
  gt: "is greater than",
  gte: "is greater than or equal to",
  lt: "is less than",
  lte: "is less than or equal to",
  exists: "is set",
  not_exists: "is not set",
  in: "is one of",
  not_in: "is not one of",
};

export type Condition = { field: string; operator: BranchOperator; value?: unknown };

export function parseField(field: string): { kind: FieldKind; key: string } {
  if (field === "wait.outcome") return { kind: "wait", key: "" };
  if (field.startsWith("data.")) return { kind: "data", key: field.slice(5) };
  if (field.startsWith("event.")) return { kind: "event", key: field.slice(6) };
  if (field === "email" || field === "name" || field === "subscribed" || field === "source") {
    return { kind: field, key: "" };
  }
  return { kind: "data", key: field };
}

export function composeField(kind: FieldKind, key: string): string {
  if (kind === "wait") return "wait.outcome";
  if (kind === "data" || kind === "event") return `${kind}.${key.trim()}`;
  return kind;
}

/** Yes/no fields read "is" / "is not"; every other field offers all fourteen operators. */
export function operatorsFor(kind: FieldKind): readonly BranchOperator[] {
  return kind === "subscribed" || kind === "wait" ? ["equals", "not_equals"] : BRANCH_OPERATORS;
}

export function operatorLabel(kind: FieldKind, operator: BranchOperator): string {
  if (kind === "subscribed" || kind === "wait") {
    if (operator === "equals") return "is";
    if (operator === "not_equals") return "is not";
  }
  return OPERATOR_LABELS[operator];
}

export type ValueInput = "none" | "list" | "subscribed" | "outcome" | "text" | "number";

export function valueInputFor(kind: FieldKind, operator: BranchOperator): ValueInput {
  if (operator === "exists" || operator === "not_exists") return "none";
  if (operator === "in" || operator === "not_in") return "list";
  if (kind === "subscribed") return "subscribed";
  if (kind === "wait") return "outcome";
  if (operator === "gt" || operator === "gte" || operator === "lt" || operator === "lte") {
    return "number";
  }
  return "text";
}

/** A stored value as the text its input shows. */
export function valueToText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => String(v)).join(", ");
  if (value === undefined || value === null) return "";
  return String(value);
}

/**
 * Typed text as the stored value. Lists split on commas; comparisons store numbers when the text
 * is one (dates stay text); everything else is text — the executor compares "42" and 42 alike.
 */
export function textToValue(text: string, input: ValueInput): unknown {
  const trimmed = text.trim();
  if (input === "list") {
    return trimmed
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "");
  }
  if (input === "number" && trimmed !== "" && Number.isFinite(Number(trimmed))) {
    return Number(trimmed);
  }
  return trimmed;
}

/** A condition after its field or operator changed: the value is carried over where it fits. */
export function adaptCondition(condition: Condition): Condition {
  const { kind } = parseField(condition.field);
  const operator = operatorsFor(kind).includes(condition.operator) ? condition.operator : "equals";
  const input = valueInputFor(kind, operator);
  const { field } = condition;
  switch (input) {
    case "none":
      return { field, operator };
    case "subscribed":
      return {
        field,
        operator,
        value: typeof condition.value === "boolean" ? condition.value : true,
      };
    case "outcome":
      return {
        field,
        operator,
        value: condition.value === "timeout" ? "timeout" : "event",
      };
    default: {
      const carried = typeof condition.value === "boolean" ? "" : valueToText(condition.value);
      return { field, operator, value: textToValue(carried, input) };
    }
  }
}
