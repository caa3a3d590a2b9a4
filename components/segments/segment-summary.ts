import { fromApiRule, operatorLabel, RULE_KINDS, valueInputFor } from "./rule-draft";

type StoredConditions = {
  match?: "all" | "any";
  rules?: { field: string; operator: string; value?: unknown }[];
};

/** A segment's rules in a line of words: `Plan (data.plan) is one of pro, team · and 2 more`. */
export function conditionsSummary(conditions: unknown): string {
  const { match = "all", rules = [] } = (conditions ?? {}) as StoredConditions;
  if (rules.length === 0) return "Every contact";
  const first = describeRule(rules[0]!);
  if (rules.length === 1) return first;
  const more = rules.length - 1;
  return `${first}, ${match === "all" ? "and" : "or"} ${more} more ${more === 1 ? "rule" : "rules"}`;
}

function describeRule(raw: { field: string; operator: string; value?: unknown }): string {
  const rule = fromApiRule("summary", raw);
  const field =
    rule.kind === "data"
      ? `data.${rule.key}`
      : (RULE_KINDS.find((k) => k.value === rule.kind)?.label ?? raw.field);
  const input = valueInputFor(rule.kind, rule.operator);
  const words = [field, operatorLabel(rule.kind, rule.operator)];
  if (input === "subscribed") words.push(rule.subscribed ? "subscribed" : "unsubscribed");
  else if (input === "days") words.push(`${rule.text} days`);
  else if (input !== "none") words.push(input === "text" ? `“${rule.text}”` : rule.text);
  return words.join(" ");
}
