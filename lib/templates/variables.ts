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
export type Variables = Record<string, unknown>;
export type EscapeMode = "html" | "none";
export type TemplateVariable = { name: string; fallback?: string };

const PLACEHOLDER =
  /\{\{\s*([A-Za-z_$][\w$-]*(?:\.[\w$-]+)*)\s*(?:\|\s*(?:"([^"]*)"|'([^']*)'|([^\s"'{}|][^{}|]*?)))?\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Reads a dotted path from the variables; undefined when any step is missing. */
export function lookupVariable(variables: Variables, path: string): unknown {
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
  options: { escape?: EscapeMode } = {},
): string {
  const escape = options.escape ?? "html";
  return template.replace(
    PLACEHOLDER,
    (_match, path: string, dq?: string, sq?: string, bare?: string) => {
      const fallback = dq ?? sq ?? bare?.trim() ?? "";
      const value = formatVariableValue(lookupVariable(variables, path));
      const result = value === "" ? fallback : value;
      return escape === "html" ? escapeHtml(result) : result;
    },
  );
}

/** Replaces each placeholder (as written, fallback included) with what `replace` returns. */
export function replacePlaceholders(template: string, replace: (placeholder: string) => string) {
  return template.replace(PLACEHOLDER, (match) => replace(match));
}

/** The distinct variables a template uses, in order of first use (the first fallback given wins). */
export function listVariables(...templates: string[]): TemplateVariable[] {
  const seen = new Map<string, TemplateVariable>();
  for (const template of templates) {
    for (const match of template.matchAll(PLACEHOLDER)) {
      const name = match[1]!;
      const fallback = match[2] ?? match[3] ?? match[4]?.trim();
      const known = seen.get(name);
      if (!known) seen.set(name, fallback === undefined ? { name } : { name, fallback });
      else if (known.fallback === undefined && fallback !== undefined) known.fallback = fallback;
    }
  }
  return [...seen.values()];
}
