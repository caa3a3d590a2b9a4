/**
 * The campaign editor's "Content" fields: one per placeholder of the chosen template that a
 * campaign fills (a newsletter's headline, its stories), not the contact's own fields or what
 * the pipeline fills. Values live in the campaign's `variables`, nested by path like POST
 * /v1/send's. Pure, for the client component and its tests.
 */
import { humanize, sampleValueFor, SENDER_FILLED } from "@/lib/templates/sample-values";
import { lookupVariable, type TemplateVariable } from "@/lib/templates/variables";

export type ContentField = {
  /** The placeholder's path, `headline` or `data.issue_title`. */
  path: string;
  label: string;
  /** What a recipient sees when the campaign leaves it empty (the template's fallback). */
  fallback: string | undefined;
  /** Shown in the empty field: the fallback, or sample text. */
  placeholder: string;
  multiline: boolean;
};

/** Built-in contact fields: each recipient's own, never the campaign's. */
const CONTACT_FIELDS: ReadonlySet<string> = new Set([
  "email",
  "name",
  "first_name",
  "subscribed",
  "source",
  "data",
]);
const LONG_TEXT = /(intro|summary|body|message|text|description|content|paragraph|note)$/i;

export function contentFields(variables: TemplateVariable[]): ContentField[] {
  return variables
    .filter(
      ({ name }) =>
        !CONTACT_FIELDS.has(name) && !SENDER_FILLED.includes(name) && !name.startsWith("event."),
    )
    .map((variable) => {
      const key = variable.name.split(".").pop() ?? variable.name;
      return {
        path: variable.name,
        label: humanize(key),
        fallback: variable.fallback,
        placeholder: variable.fallback || sampleValueFor(variable),
        multiline: LONG_TEXT.test(key) || (variable.fallback?.length ?? 0) > 60,
      };
    });
}

/** A field's current text (numbers and booleans sent through the API show as text). */
export function contentValue(variables: Record<string, unknown>, path: string): string {
  const value = lookupVariable(variables, path);
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? String(value)
    : "";
}

/**
 * `variables` with one path set, copied (never mutated); an empty value removes the path, and
 * objects it leaves empty, so the template's fallback shows.
 */
export function withContentValue(
  variables: Record<string, unknown>,
  path: string,
  value: string,
): Record<string, unknown> {
  const [key, ...rest] = path.split(".");
  const copy = { ...variables };
  if (rest.length === 0) {
    if (value === "") delete copy[key!];
    else copy[key!] = value;
    return copy;
  }
  const current = copy[key!];
  const inner = withContentValue(
    current !== null && typeof current === "object" && !Array.isArray(current)
      ? (current as Record<string, unknown>)
      : {},
    rest.join("."),
    value,
  );
  if (Object.keys(inner).length === 0) delete copy[key!];
  else copy[key!] = inner;
  return copy;
}
