import { sql, type SQL } from "drizzle-orm";
import { contacts, emailEvents, emails } from "@/db/schema";
import { topicSubscriptionSql } from "../topics/subscription-sql";
import type { SegmentConditions, SegmentRule } from "./schemas";

/**
 * Segment conditions as one SQL predicate over `contacts`, with the semantics of automation
 * branches (conditions.ts): text compares without case, numbers as numbers, ISO dates as dates;
 * a missing or empty value does not exist. Values are always bound parameters.
 */
export function segmentWhere(conditions: SegmentConditions, now: Date): SQL {
  if (conditions.rules.length === 0) return sql`true`;
  const parts = conditions.rules.map((rule) => sql`(${ruleSql(rule, now)})`);
  return sql`(${sql.join(parts, conditions.match === "all" ? sql` and ` : sql` or `)})`;
}

const NUMERIC = "^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$";
const ISO_DATE = "^[0-9]{4}-[0-9]{2}-[0-9]{2}";

type EngagementRule = Extract<SegmentRule, { operator: "in_last_days" | "not_in_last_days" }>;
type TagRule = Extract<SegmentRule, { operator: "has_tag" | "not_has_tag" }>;
type TopicRule = Extract<SegmentRule, { operator: "opted_in" | "opted_out" }>;
type ContactRule = Exclude<SegmentRule, EngagementRule | TagRule | TopicRule>;

const isEngagement = (rule: SegmentRule): rule is EngagementRule =>
  rule.operator === "in_last_days" || rule.operator === "not_in_last_days";
const isTag = (rule: SegmentRule): rule is TagRule =>
  rule.operator === "has_tag" || rule.operator === "not_has_tag";
const isTopic = (rule: SegmentRule): rule is TopicRule =>
  rule.operator === "opted_in" || rule.operator === "opted_out";

function ruleSql(rule: SegmentRule, now: Date): SQL {
  if (isTopic(rule)) {
    // A topic that no longer exists matches neither way (its subscription is null).
    return sql`${topicSubscriptionSql(rule.value)} = ${rule.operator === "opted_in" ? "opt_in" : "opt_out"}`;
  }
  if (isTag(rule)) {
    // Exactly this shape, `data->'tags' @> '["tag"]'`, is what the GIN index contacts_tags_idx serves.
    const tagged = sql`coalesce((${contacts.data} -> 'tags') @> ${JSON.stringify([rule.value])}::jsonb, false)`;
    return rule.operator === "has_tag" ? tagged : sql`not ${tagged}`;
  }
  if (isEngagement(rule)) {
    const type = rule.field === "email.opened" ? "opened" : "clicked";
    const since = new Date(now.getTime() - Number(rule.value) * 86_400_000).toISOString();
    // Qualified by hand: Drizzle renders a single-table query's columns without the table.
    // A person's opens and clicks only (DECISIONS §14): an event without `machine` is a person's.
    const engaged = sql`exists (
      select 1 from ${emails} em join ${emailEvents} ev on ev.email_id = em.id
      where em.project_id = "contacts"."project_id" and em.to = "contacts"."email"
        and ev.type = ${type} and ev.created_at >= ${since}::timestamptz
        and coalesce(ev.data ->> 'machine', 'false') <> 'true')`;
    return rule.operator === "in_last_days" ? engaged : sql`not ${engaged}`;
  }
  return contactRuleSql(rule);
}

function contactRuleSql(rule: ContactRule): SQL {
  const text = textOf(rule.field);
  const value = (rule as { value?: unknown }).value;
  const present = sql`coalesce(${text}, '') <> ''`;
  switch (rule.operator) {
    case "exists":
      return present;
    case "not_exists":
      return sql`not (${present})`;
    case "equals":
      return equals(text, value);
    case "not_equals":
      return sql`not (${equals(text, value)})`;
    case "in":
      return anyOf(text, value);
    case "not_in":
      return sql`not (${anyOf(text, value)})`;
    case "contains":
      return contains(rule.field, text, String(value));
    case "not_contains":
      return sql`not (${contains(rule.field, text, String(value))})`;
    case "starts_with":
      return sql`${present} and left(lower(${text}), ${String(value).length}) = ${String(value).toLowerCase()}`;
    case "ends_with":
      return sql`${present} and right(lower(${text}), ${String(value).length}) = ${String(value).toLowerCase()}`;
    case "gt":
      return compare(rule.field, text, ">", value);
    case "gte":
      return compare(rule.field, text, ">=", value);
    case "lt":
      return compare(rule.field, text, "<", value);
    case "lte":
      return compare(rule.field, text, "<=", value);
  }
}

/** The field as text (null when missing); booleans as `true`/`false`. */
function textOf(field: string): SQL {
  switch (field) {
    case "email":
      return sql`${contacts.email}`;
    case "name":
      return sql`${contacts.name}`;
    case "source":
      return sql`${contacts.source}`;
    case "subscribed":
      return sql`${contacts.subscribed}::text`;
    case "created_at":
      return sql`to_char(${contacts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return sql`(${contacts.data} #>> ${pathOf(field)})`;
  }
}

/**
 * `data.a.b` → `array['a','b']::text[]` with each key a bound parameter: a key is never spliced
 * into an array literal, so a stored rule with quotes or braces in its field (written before
 * fields were checked) still reads as a path instead of failing the whole query.
 */
const pathOf = (field: string) =>
  sql`array[${sql.join(
    field
      .slice(5)
      .split(".")
      .map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;

function isNumeric(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value));
}

function equals(text: SQL, value: unknown): SQL {
  if (value === null || value === undefined || value === "") return sql`coalesce(${text}, '') = ''`;
  const asText = sql`lower(${text}) = ${String(value).toLowerCase()}`;
  if (typeof value === "boolean" || !isNumeric(value)) return sql`coalesce(${asText}, false)`;
  return sql`coalesce(case when ${text} ~ ${NUMERIC} then (${text})::numeric = ${Number(value)} end, ${asText}, false)`;
}

function anyOf(text: SQL, value: unknown): SQL {
  const values = Array.isArray(value) ? value : [value];
  return sql`(${sql.join(
    values.map((v) => equals(text, v)),
    sql` or `,
  )})`;
}

/** Text contains the value; a list (such as data.tags) contains an equal item. */
function contains(field: string, text: SQL, value: string): SQL {
  const inText = sql`coalesce(strpos(lower(${text}), ${value.toLowerCase()}) > 0, false)`;
  if (!field.startsWith("data.")) return inText;
  const json = sql`(${contacts.data} #> ${pathOf(field)})`;
  return sql`case when jsonb_typeof(${json}) = 'array'
    then exists (select 1 from jsonb_array_elements_text(${json}) item where lower(item) = ${value.toLowerCase()})
    else ${inText} end`;
}

function compare(field: string, text: SQL, op: ">" | ">=" | "<" | "<=", value: unknown): SQL {
  const operator = sql.raw(op);
  if (isNumeric(value)) {
    return sql`coalesce(case when ${text} ~ ${NUMERIC} then (${text})::numeric ${operator} ${Number(value)} end, false)`;
  }
  if (
    typeof value === "string" &&
    new RegExp(ISO_DATE).test(value) &&
    !Number.isNaN(Date.parse(value))
  ) {
    const when = new Date(value).toISOString();

    if (field === "created_at") return sql`${contacts.createdAt} ${operator} ${when}::timestamptz`;
    // Stored dates are compared as ISO text (a cast could fail on a malformed value and fail
    // the whole query): exact for values written the same way, as ISO strings in UTC are.
    return sql`coalesce(${text} ~ ${ISO_DATE} and ${text} ${operator} ${value}, false)`;
  }
  return sql`false`;
}
