/**
 * Template variables (DECISIONS §4): `{{name}}`, `{{data.plan}}`, `{{ first_name | "there" }}`.
 * Pure string functions: no I/O, no React.
 *
 * - Paths are dot-separated keys (`data.items.0` indexes arrays); only own properties are read.
 * - Strings render as they are, numbers/booleans as strings; missing values, null, objects and
 *   arrays render empty. An empty result uses the fallback when there is one.
 * - A fallback is quoted with "…" or '…' (a bare word is accepted too).
 * - Text that only looks like a placeholder (`{{ not valid }}`) is left untouched.
 */
import { escapeHtml } from "@/lib/core/html/entities";
import { ValidationError } from "@/lib/core/errors";

export type Variables = Record<string, unknown>;
export type EscapeMode = "html" | "none";
export type TemplateVariable = { name: string; fallback?: string };

/**
 * The most text one email's variables may fill in (HTML, text part and subject each). A 1 MB
 * value used in every one of a template's placeholders would otherwise build gigabytes.
 */
export const MAX_RENDERED_LENGTH = 1_000_000;

/** What is left to fill; one per rendered email, shared by all its strings. */
export type RenderBudget = { left: number };
export const renderBudget = (): RenderBudget => ({ left: MAX_RENDERED_LENGTH });

/** Counts `length` characters against the budget; a 422 when it runs out. */
export function spend(budget: RenderBudget, length: number): void {
  budget.left -= length;
  if (budget.left >= 0) return;
  const message = `make the email longer than ${MAX_RENDERED_LENGTH.toLocaleString("en")} characters`;
  throw new ValidationError(`variables: ${message}`, [{ path: "variables", message }]);
}

/** One placeholder found in a template: its span, the variable's path and the fallback as written. */
export type Placeholder = {
  start: number;
  end: number;
  path: string;
  fallback: string | undefined;
};

/** Reads a dotted path from the variables; undefined when any step is missing. */
export function lookupVariable(variables: Variables, path: string): unknown {
  // Most paths are one key (`first_name`): read without splitting.
  if (!path.includes(".")) {
    return Object.prototype.hasOwnProperty.call(variables, path) ? variables[path] : undefined;
  }
  let current: unknown = variables;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** How a value appears in output: strings as-is, numbers/booleans as text, anything else empty. */
export function formatVariableValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean" || typeof value === "bigint") return String(value);
  return "";
}

/**
 * Fills every placeholder. `escape: "html"` (the default) escapes the values for an HTML body;
 * `"none"` leaves them raw for subjects, plain text, and text React escapes itself.
 */
export function renderVariables(
  template: string,
  variables: Variables = {},
  options: { escape?: EscapeMode; budget?: RenderBudget } = {},
): string {
  const escape = options.escape ?? "html";
  const budget = options.budget ?? renderBudget();
  return replacePlaceholders(template, (_text, placeholder) =>
    fillPlaceholder(placeholder, variables, escape, budget),
  );
}

/**
 * `renderVariables` for a text filled again and again (a subject, a preview line, a link's URL
 * for every recipient of a template): its placeholders are found once, here, not per call.
 */
export function compileVariables(
  template: string,
): (variables: Variables, options?: { escape?: EscapeMode; budget?: RenderBudget }) => string {
  const placeholders = [...findPlaceholders(template)];
  if (placeholders.length === 0) return () => template;
  const literals = placeholders.map((p, i) =>
    template.slice(i === 0 ? 0 : placeholders[i - 1]!.end, p.start),
  );
  const tail = template.slice(placeholders.at(-1)!.end);
  return (variables, options = {}) => {
    const escape = options.escape ?? "html";
    const budget = options.budget ?? renderBudget();
    let output = "";
    for (let i = 0; i < placeholders.length; i++)
      output += literals[i]! + fillPlaceholder(placeholders[i]!, variables, escape, budget);
    return output + tail;
  };
}

/** One placeholder's output: the value (or its fallback when empty), escaped as asked. */
export function fillPlaceholder(
  placeholder: Placeholder,
  variables: Variables,
  escape: EscapeMode,
  budget: RenderBudget,
): string {
  const value = formatVariableValue(lookupVariable(variables, placeholder.path));
  const result = value === "" ? (placeholder.fallback ?? "") : value;
  spend(budget, result.length);
  return escape === "html" ? escapeHtml(result) : result;
}

/** Replaces each placeholder (as written, fallback included) with what `replace` returns. */
export function replacePlaceholders(
  template: string,
  replace: (text: string, placeholder: Placeholder) => string,
): string {
  const parts: string[] = [];
  let copied = 0;
  for (const placeholder of findPlaceholders(template)) {
    const text = template.slice(placeholder.start, placeholder.end);
    parts.push(template.slice(copied, placeholder.start), replace(text, placeholder));
    copied = placeholder.end;
  }
  parts.push(template.slice(copied));
  return parts.join("");
}

/** The distinct variables a template uses, in order of first use (the first fallback given wins). */
export function listVariables(...templates: string[]): TemplateVariable[] {
  const seen = new Map<string, TemplateVariable>();
  for (const template of templates) {
    for (const { path: name, fallback } of findPlaceholders(template)) {
      const known = seen.get(name);
      if (!known) seen.set(name, fallback === undefined ? { name } : { name, fallback });
      else if (known.fallback === undefined && fallback !== undefined) known.fallback = fallback;
    }
  }
  return [...seen.values()];
}

/**
 * Every placeholder in a template, left to right. A hand-written scanner rather than a regular
 * expression: the expression this replaces backtracked quadratically on runs of spaces and
 * unclosed fallbacks (90 KB of template froze the process for seconds, issue 10). Each attempt
 * reads only up to the next quote or brace, so the whole scan is linear. Grammar:
 * `{{` spaces? path spaces? ( `|` spaces? ( "…" | '…' | bare ) spaces? )? `}}`, where a path is
 * `[A-Za-z_$][\w$-]*` joined by dots and a bare fallback is text without `{`, `}` or `|`.
 */
export function* findPlaceholders(template: string): Generator<Placeholder> {
  let from = 0;
  for (;;) {
    const start = template.indexOf("{{", from);
    if (start === -1) return;
    const placeholder = readPlaceholder(template, start);
    if (placeholder) yield placeholder;
    from = placeholder ? placeholder.end : start + 1;
  }
}

const SPACE = /\s/;
const PATH_START = /[A-Za-z_$]/;
const PATH_CHAR = /[\w$-]/;

// Module-level helpers, not closures: this runs for every placeholder of every email rendered.
const charAt = (template: string, i: number) => template[i] ?? "";

function skipSpaces(template: string, i: number): number {
  while (i < template.length && SPACE.test(template[i]!)) i++;
  return i;
}

/** Just after the `}}` that closes at `i` (spaces allowed before it), or -1. */
function closeAt(template: string, i: number): number {
  const close = skipSpaces(template, i);
  return charAt(template, close) === "}" && charAt(template, close + 1) === "}" ? close + 2 : -1;
}

function readPlaceholder(template: string, start: number): Placeholder | null {
  const pathStart = skipSpaces(template, start + 2);
  if (!PATH_START.test(charAt(template, pathStart))) return null;
  let pathEnd = pathStart + 1;
  for (;;) {
    while (PATH_CHAR.test(charAt(template, pathEnd))) pathEnd++;
    if (charAt(template, pathEnd) !== "." || !PATH_CHAR.test(charAt(template, pathEnd + 1))) break;
    pathEnd += 2;
  }
  const path = template.slice(pathStart, pathEnd);
  const afterPath = skipSpaces(template, pathEnd);
  if (charAt(template, afterPath) !== "|") {
    const end = closeAt(template, afterPath);
    return end === -1 ? null : { start, end, path, fallback: undefined };
  }

  const fallbackStart = skipSpaces(template, afterPath + 1);
  const quote = charAt(template, fallbackStart);
  if (quote === '"' || quote === "'") {
    const closing = template.indexOf(quote, fallbackStart + 1);
    if (closing === -1) return null;
    const end = closeAt(template, closing + 1);
    if (end === -1) return null;
    return { start, end, path, fallback: template.slice(fallbackStart + 1, closing) };
  }
  // A bare fallback runs to the first brace or bar; it must be the `}}` that closes.
  if (quote === "" || SPACE.test(quote) || "{}|".includes(quote)) return null;
  let stop = fallbackStart + 1;
  while (stop < template.length && !"{}|".includes(template[stop]!)) stop++;
  if (charAt(template, stop) !== "}" || charAt(template, stop + 1) !== "}") return null;
  return { start, end: stop + 2, path, fallback: template.slice(fallbackStart, stop).trim() };
}
