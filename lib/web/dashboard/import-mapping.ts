import { csvRow, defaultMapping, type RowResult } from "@/lib/imports/rows";
import { cleanFieldKey, suggestMapping } from "@/lib/imports/suggest";

/**
 * The column mapping step of the dashboard import: what each CSV column becomes, its suggested
 * start (imports/suggest.ts: contact fields by header, custom fields by the project's existing
 * keys or a clean new key), the problems that block the import, and the `mapping` sent to
 * startContactImport.
 */
export type ColumnTarget =
  "email" | "name" | "first_name" | "last_name" | "subscribed" | "data" | "ignore";
export type ColumnChoice = { target: ColumnTarget; key: string };
export type MappingProblems = {
  /** About the mapping as a whole (no email column, two name columns…). */
  general: string[];
  /** By column index: a custom field key that cannot be used. */
  keys: Record<number, string>;
};

export const TARGET_LABELS: Record<ColumnTarget, string> = {
  email: "Email",
  name: "Name",
  first_name: "First name",
  last_name: "Last name",
  subscribed: "Subscribed",
  data: "Custom field",
  ignore: "Don’t import",
};

function choiceOf(destination: string, column: string): ColumnChoice {
  if (destination.startsWith("data.")) return { target: "data", key: destination.slice(5) };
  // The key it would get as a custom field, should the user switch it to one.
  return { target: destination as ColumnTarget, key: cleanFieldKey(column) };
}

function destinationOf(choice: ColumnChoice): string {
  return choice.target === "data" ? `data.${choice.key.trim()}` : choice.target;
}

export function initialChoices(columns: string[], existingKeys: string[] = []): ColumnChoice[] {
  const suggested = suggestMapping(columns, existingKeys);
  return columns.map((column, i) => {
    const destination = suggested[i]!;
    return destination === "ignore" ? { target: "ignore", key: "" } : choiceOf(destination, column);
  });
}

export function mappingProblems(columns: string[], choices: ColumnChoice[]): MappingProblems {
  const general: string[] = [];
  // The mapping is keyed by header name, so two columns with one name cannot differ.
  const repeated = columns.filter((c, i) => c.trim() !== "" && columns.indexOf(c) !== i);
  for (const column of new Set(repeated)) {
    general.push(
      `Two columns are named “${column}”: rename one in the file, then choose it again.`,
    );
  }
  const named = (target: ColumnTarget) =>
    columns.filter((_, i) => choices[i]?.target === target).map((c) => `“${c}”`);
  const emails = named("email");
  if (emails.length === 0) general.push("Choose the column that holds the email address.");
  if (emails.length > 1) general.push(`Only one column can be Email: ${emails.join(" and ")}.`);
  for (const target of ["name", "first_name", "last_name", "subscribed"] as const) {
    const found = named(target);
    if (found.length > 1) {
      general.push(`Only one column can be ${TARGET_LABELS[target]}: ${found.join(" and ")}.`);
    }
  }
  const parts = [...named("first_name"), ...named("last_name")];
  if (named("name").length > 0 && parts.length > 0) {
    general.push(
      `Choose either Name or First name and Last name: ${[...named("name"), ...parts].join(" and ")} would all fill the name.`,
    );
  }
  const defaults = defaultMapping(columns);
  const keys: Record<number, string> = {};
  const seen = new Map<string, number>();
  choices.forEach((choice, i) => {
    if (choice.target !== "data") return;
    const key = choice.key.trim();
    if (key === "") keys[i] = "Enter a field name.";
    // The import API takes `data.<key>` without spaces; a header's own name is always accepted.
    else if (/\s/.test(key) && defaults[columns[i]!] !== `data.${key}`) {
      keys[i] = "Field names can’t contain spaces: try " + key.replace(/\s+/g, "_") + ".";
    } else if (seen.has(key)) keys[i] = `Another column already fills “${key}”.`;
    seen.set(key, i);
  });
  return { general, keys };
}

export function hasProblems(problems: MappingProblems): boolean {
  return problems.general.length > 0 || Object.keys(problems.keys).length > 0;
}

/**
 * The `mapping` for startContactImport: only the columns that differ from the default, which
 * the service applies to the rest (and which accepts header names the explicit form cannot).
 */
export function mappingToSend(columns: string[], choices: ColumnChoice[]): Record<string, string> {
  const defaults = defaultMapping(columns);
  const mapping: Record<string, string> = {};
  columns.forEach((column, i) => {
    const destination = destinationOf(choices[i]!);
    if (destination !== defaults[column]) mapping[column] = destination;
  });
  return mapping;
}

/** How one preview row will be imported, read by the same code the import worker uses. */
export function previewRow(columns: string[], choices: ColumnChoice[], cells: string[]): RowResult {
  const mapping = Object.fromEntries(columns.map((c, i) => [c, destinationOf(choices[i]!)]));
  return csvRow(columns, cells, mapping);
}
