import { BRANCH_OPERATORS } from "@/lib/automations/step-schemas";
import { OPERATOR_LABELS } from "../automations/builder/condition";

/**
 * The segment builder's vocabulary: a rule as the builder edits it (a field kind, an operator,
 * the typed text) and the API's `{field, operator, value}` it stands for, both ways. Typed text
 * is kept as typed; the value is derived when the rule is sent.
 */
export type RuleKind =
  | "email"
  | "name"
  | "subscribed"
  | "source"
  | "created_at"
  | "tags"
  | "data"
  | "opened"
  | "clicked";
export type RuleOperator =
  | (typeof BRANCH_OPERATORS)[number]
  | "in_last_days"
  | "not_in_last_days"
  | "has_tag"
  | "not_has_tag";
export type RuleDraft = {
  id: string;
  kind: RuleKind;
  /** The custom field's key, for `data.<key>`. */
  key: string;
  operator: RuleOperator;
  text: string;
  subscribed: boolean;
};
export type ValueInput = "none" | "text" | "list" | "number" | "date" | "days" | "subscribed";

export const RULE_KINDS: { value: RuleKind; label: string; group: "contact" | "engagement" }[] = [
  { value: "email", label: "Email address", group: "contact" },
  { value: "name", label: "Name", group: "contact" },
  { value: "subscribed", label: "Subscription", group: "contact" },
  { value: "source", label: "Source", group: "contact" },
  { value: "created_at", label: "Date added", group: "contact" },
  { value: "tags", label: "Tags", group: "contact" },
  { value: "data", label: "Custom field", group: "contact" },
  { value: "opened", label: "Opened an email", group: "engagement" },
  { value: "clicked", label: "Clicked a link", group: "engagement" },
];

const TEXT_OPERATORS = BRANCH_OPERATORS.filter((op) => !["gt", "gte", "lt", "lte"].includes(op));
const DATE_LABELS: Partial<Record<RuleOperator, string>> = {
  gt: "is after",
  gte: "is on or after",
  lt: "is before",
  lte: "is on or before",
};

/** Operators that make sense for a kind: no "greater than" on an email, only "is" on a yes/no. */
export function operatorsFor(kind: RuleKind): readonly RuleOperator[] {
  switch (kind) {
    case "subscribed":
      return ["equals", "not_equals"];
    case "created_at":
      return ["gt", "gte", "lt", "lte"];
    case "opened":
    case "clicked":
      return ["in_last_days", "not_in_last_days"];
    case "tags":
      return ["has_tag", "not_has_tag"];
    case "data":
      return BRANCH_OPERATORS;
    default:
      return TEXT_OPERATORS;
  }
}

export function operatorLabel(kind: RuleKind, operator: RuleOperator): string {
  if (operator === "in_last_days") return "in the last";
  if (operator === "not_in_last_days") return "not in the last";
  if (operator === "has_tag") return "include";
  if (operator === "not_has_tag") return "don’t include";
  if (kind === "subscribed") return operator === "equals" ? "is" : "is not";
  if (kind === "created_at") return DATE_LABELS[operator] ?? OPERATOR_LABELS[operator];
  return OPERATOR_LABELS[operator];
}

export function valueInputFor(kind: RuleKind, operator: RuleOperator): ValueInput {
  if (operator === "exists" || operator === "not_exists") return "none";
  if (operator === "in_last_days" || operator === "not_in_last_days") return "days";
  if (operator === "in" || operator === "not_in") return "list";
  if (kind === "subscribed") return "subscribed";
  if (kind === "created_at") return "date";
  if (operator === "gt" || operator === "gte" || operator === "lt" || operator === "lte") {
    return "number";
  }
  return "text";
}

export function newRule(id: string, kind: RuleKind = "email"): RuleDraft {
  const operator =
    kind === "opened" || kind === "clicked" ? "in_last_days" : operatorsFor(kind)[0]!;
  return {
    id,
    kind,
    key: "",
    operator,
    text: kind === "opened" || kind === "clicked" ? "30" : "",
    subscribed: true,
  };
}

/** The kind changed: keep the operator and text where they still fit. */
export function withKind(rule: RuleDraft, kind: RuleKind): RuleDraft {
  const operator = operatorsFor(kind).includes(rule.operator)
    ? rule.operator
    : newRule(rule.id, kind).operator;
  const days = kind === "opened" || kind === "clicked";
  const keepText = days === (rule.kind === "opened" || rule.kind === "clicked");
  return { ...rule, kind, operator, text: keepText ? rule.text : days ? "30" : "" };
}

const numeric = (text: string) => text.trim() !== "" && Number.isFinite(Number(text.trim()));

/** What is still missing before the rule can be counted, or null when it is complete. */
export function missingPart(rule: RuleDraft): string | null {
  if (rule.kind === "data" && rule.key.trim() === "") return "a field name";
  const input = valueInputFor(rule.kind, rule.operator);
  if (input === "none" || input === "subscribed") return null;
  if (input === "list" && (toValue(rule, input) as unknown[]).length === 0) {
    return "at least one value";
  }
  if (rule.text.trim() !== "") return null;
  return input === "days" ? "a number of days" : input === "date" ? "a date" : "a value";
}

function toValue(rule: RuleDraft, input: ValueInput): unknown {
  const text = rule.text.trim();
  switch (input) {
    case "subscribed":
      return rule.subscribed;
    case "list":
      return text
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== "");
    case "days":
    case "number":
      // Not a number: sent as typed, so the service says what is wrong (dates stay text).
      return numeric(text) ? Number(text) : text;
    case "date":
      // A day means the whole day (UTC): "after Jan 31" starts on Feb 1, "on or before" ends with Jan 31.
      return rule.operator === "gt" || rule.operator === "lte" ? `${text}T23:59:59.999Z` : text;
    default:
      return text;
  }
}

export function toApiRule(rule: RuleDraft): {
  field: string;
  operator: RuleOperator;
  value?: unknown;
} {
  const field =
    rule.kind === "data"
      ? `data.${rule.key.trim()}`
      : rule.kind === "opened" || rule.kind === "clicked"
        ? `email.${rule.kind}`
        : rule.kind;
  const input = valueInputFor(rule.kind, rule.operator);
  return input === "none"
    ? { field, operator: rule.operator }
    : { field, operator: rule.operator, value: toValue(rule, input) };
}

/** A stored rule back into the builder's shape. */
export function fromApiRule(
  id: string,
  raw: { field: string; operator: string; value?: unknown },
): RuleDraft {
  const kind: RuleKind = raw.field.startsWith("data.")
    ? "data"
    : raw.field === "email.opened"
      ? "opened"
      : raw.field === "email.clicked"
        ? "clicked"
        : (raw.field as RuleKind);
  const value = raw.value;
  const text = Array.isArray(value)
    ? value.map(String).join(", ")
    : value === undefined || value === null || typeof value === "boolean"
      ? ""
      : String(value);
  return {
    id,
    kind,
    key: kind === "data" ? raw.field.slice(5) : "",
    operator: raw.operator as RuleOperator,
    text: kind === "created_at" ? text.slice(0, 10) : text,
    subscribed: value !== false,
  };
}
