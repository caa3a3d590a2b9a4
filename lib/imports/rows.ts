import type { BulkContact } from "@/lib/contacts/bulk-upsert";
import { findInputProblem } from "@/lib/core/input-guard";
import { restoreCell } from "./csv-cells";
import { isEmailAddress } from "@/lib/core/validation";
import { MAX_TOPIC_CHOICES } from "../topics/limits";
import type { TopicChoice } from "../topics/schemas";

/**
 * One imported row → the contact it upserts. CSV cells go where the mapping says: `email`,
 * `name`, `first_name` and `last_name` (joined into the name), `subscribed` (true/false, yes/no,
 * 1/0; empty keeps the default), `data.<key>`, or `ignore`. Unmapped columns become
 * `data.<column>`. NDJSON lines are objects shaped like a POST /v1/contacts body.
 */
export type RowResult = { ok: true; contact: BulkContact } | { ok: false; message: string };

/** Where a CSV column can go (`data.<key>` aside). */
export const IMPORT_DESTINATION =
  /^(email|name|first_name|last_name|subscribed|ignore|data\.\S.*|topic\.\S+)$/;

/** The header an export gives a topic's column; an import maps it back to `topic.<id>`. */
export const TOPIC_COLUMN_PREFIX = "topic:";

const TRUE: ReadonlySet<string> = new Set(["true", "yes", "y", "1", "subscribed"]);
const FALSE: ReadonlySet<string> = new Set(["false", "no", "n", "0", "unsubscribed"]);
const OPT_IN: ReadonlySet<string> = new Set([...TRUE, "opt_in", "opted_in", "in"]);
const OPT_OUT: ReadonlySet<string> = new Set([...FALSE, "opt_out", "opted_out", "out"]);

/**
 * Default destination of a CSV column by its header name; `topic:<name>` (an export's topic
 * column) goes to that topic when the project has one of that name.
 */
export function defaultMapping(
  columns: string[],
  topics: { id: string; name: string }[] = [],
): Record<string, string> {
  const topicByName = new Map(topics.map((t) => [t.name.toLowerCase(), t.id]));
  return Object.fromEntries(
    columns.map((column) => {
      const key = column
        .trim()
        .toLowerCase()
        .replace(/[\s_-]+/g, "");
      if (key === "email" || key === "emailaddress" || key === "e-mail") return [column, "email"];
      if (key === "name" || key === "fullname") return [column, "name"];
      if (key === "subscribed") return [column, "subscribed"];
      const trimmed = column.trim();
      if (trimmed.toLowerCase().startsWith(TOPIC_COLUMN_PREFIX)) {
        const topicId = topicByName.get(trimmed.slice(TOPIC_COLUMN_PREFIX.length).toLowerCase());
        if (topicId) return [column, `topic.${topicId}`];
      }
      return [column, `data.${trimmed}`];
    }),
  );
}

export function csvRow(
  columns: string[],
  cells: string[],
  mapping: Record<string, string>,
): RowResult {
  const contact: BulkContact = { email: "", data: {} };
  const nameParts: { first?: string; last?: string } = {};
  for (const [i, column] of columns.entries()) {
    const value = restoreCell((cells[i] ?? "").trim());
    const target = mapping[column] ?? `data.${column}`;
    if (target === "ignore") continue;
    if (target === "email") contact.email = value.toLowerCase();
    else if (target === "name") contact.name = value === "" ? null : value;
    else if (target === "first_name") nameParts.first = value;
    else if (target === "last_name") nameParts.last = value;
    else if (target === "subscribed") {
      if (value === "") continue;
      const flag = value.toLowerCase();
      if (!TRUE.has(flag) && !FALSE.has(flag)) {
        return { ok: false, message: `subscribed: "${value}" is not true or false` };
      }
      contact.subscribed = TRUE.has(flag);
    } else if (target.startsWith("topic.")) {
      if (value === "") continue;
      const choice = value.toLowerCase();
      if (!OPT_IN.has(choice) && !OPT_OUT.has(choice)) {
        return { ok: false, message: `${column}: "${value}" is not opt_in or opt_out` };
      }
      (contact.topics ??= []).push({
        id: target.slice("topic.".length),
        subscription: OPT_IN.has(choice) ? "opt_in" : "opt_out",
      });
    } else if (target.startsWith("data.") && value !== "") contact.data[target.slice(5)] = value;
  }
  // A filled Name column wins over name parts mapped beside it.
  if ((nameParts.first !== undefined || nameParts.last !== undefined) && !contact.name) {
    contact.name = joinNameParts(nameParts.first, nameParts.last);
  }
  return checked(contact);
}

/** "Ada" + "Lovelace" → "Ada Lovelace"; one part alone is the name; none clears it (as an empty Name cell). */
export function joinNameParts(first: string | undefined, last: string | undefined): string | null {
  const name = [first?.trim(), last?.trim()].filter(Boolean).join(" ");
  return name === "" ? null : name;
}

export function ndjsonRow(line: string): RowResult {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, message: "not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: "must be a JSON object" };
  }
  // NUL (from a \u0000 escape) cannot be stored, and deep data is refused as the API refuses it.
  const problem = findInputProblem(value);
  if (problem) return { ok: false, message: `${problem.path}: ${problem.message}` };
  const row = value as Record<string, unknown>;
  if (
    row.data !== undefined &&
    (typeof row.data !== "object" || row.data === null || Array.isArray(row.data))
  ) {
    return { ok: false, message: "data: must be a JSON object" };
  }
  if (row.subscribed !== undefined && typeof row.subscribed !== "boolean") {
    return { ok: false, message: "subscribed: must be true or false" };
  }
  if (row.name !== undefined && row.name !== null && typeof row.name !== "string") {
    return { ok: false, message: "name: must be a string" };
  }
  const topics = row.topics === undefined ? undefined : topicChoicesOf(row.topics);
  if (typeof topics === "string") return { ok: false, message: topics };
  return checked({
    email: typeof row.email === "string" ? row.email.trim().toLowerCase() : "",
    name: row.name === "" ? null : (row.name as string | null | undefined),
    subscribed: row.subscribed as boolean | undefined,
    data: (row.data as Record<string, unknown> | undefined) ?? {},
    ...(topics && { topics }),
  });
}

function checked(contact: BulkContact): RowResult {
  if (contact.email === "") return { ok: false, message: "email: is missing" };
  if (!isEmailAddress(contact.email))
    return { ok: false, message: `email: "${contact.email}" is not an email address` };
  return { ok: true, contact };
}

/**
 * An NDJSON line's `topics`, checked by hand as TopicChoices would: this file also runs in the
 * browser (the import preview), where a zod object schema compiles itself with `new Function`,
 * which the dashboard's content security policy forbids. A string is the problem found.
 */
function topicChoicesOf(value: unknown): TopicChoice[] | string {
  if (!Array.isArray(value))
    return 'topics: must be an array like [{"id":"tp_…","subscription":"opt_in"}]';
  if (value.length > MAX_TOPIC_CHOICES)
    return `topics: must have at most ${MAX_TOPIC_CHOICES} topics`;
  const seen = new Set<string>();
  const choices: TopicChoice[] = [];
  for (const [i, item] of value.entries()) {
    const { id, subscription } = (item ?? {}) as { id?: unknown; subscription?: unknown };
    if (typeof id !== "string" || id.trim() === "" || id.length > 100)
      return `topics[${i}][id]: must be a topic id`;
    if (subscription !== "opt_in" && subscription !== "opt_out")
      return `topics[${i}][subscription]: must be opt_in or opt_out`;
    if (seen.has(id.trim())) return `topics[${i}][id]: is listed twice`;
    seen.add(id.trim());
    choices.push({ id: id.trim(), subscription });
  }
  return choices;
}
