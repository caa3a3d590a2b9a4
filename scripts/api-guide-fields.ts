/**
 * Checklist: every field an API input schema accepts is named in docs/api.md.
 *
 *   npx tsx scripts/api-guide-fields.ts      # lists the fields the guide does not name
 *
 * test/unit/scripts/api-guide-fields.test.ts runs the same check. A name counts as documented when
 * the guide writes it as code (`sample_percent`, `ab_test.metric`), as a JSON key ("metric":) or as
 * a table cell holding only field names (| cc, bcc |): a word in prose does not count.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export type AcceptedField = { schema: string; name: string };

type ZodLike = { _zod: { def: ZodDef } };
type ZodDef = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  options?: unknown[];
  in?: unknown;
  out?: unknown;
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
  valueType?: unknown;
};

function isZod(value: unknown): value is ZodLike {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** Every object key reachable from the module's exported zod schemas, with the schema's name. */
export function acceptedFields(exported: Record<string, unknown>): AcceptedField[] {
  const fields = new Map<string, AcceptedField>();
  for (const [schema, value] of Object.entries(exported)) {
    if (schema in NOT_API_INPUT) continue;
    const seen = new Set<unknown>();
    const walk = (node: unknown) => {
      if (!isZod(node) || seen.has(node)) return;
      seen.add(node);
      const def = node._zod.def;
      if (def.type === "object" && def.shape) {
        for (const [name, child] of Object.entries(def.shape)) {
          if (!fields.has(name)) fields.set(name, { schema, name });
          walk(child);
        }
      }
      for (const child of [def.innerType, def.element, def.in, def.out, def.left, def.right]) {
        walk(child);
      }
      for (const option of def.options ?? []) walk(option);
      if (def.type === "record") walk(def.valueType);
      if (def.type === "lazy" && def.getter) walk(def.getter());
    };
    walk(value);
  }
  return [...fields.values()];
}

const IDENTIFIER = /[A-Za-z_$][\w$-]*/g;
const FIELD_LIST_CELL = /^[\w$.-]+(\s*,\s*[\w$.-]+)*$/;

/** The names docs/api.md marks as names: code spans, JSON keys, field-name table cells. */
export function documentedNames(markdown: string): Set<string> {
  const names = new Set<string>();
  const add = (text: string) => {
    for (const token of text.match(IDENTIFIER) ?? []) names.add(token);
  };
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) add(code!);
  for (const [, key] of markdown.matchAll(/"([\w$-]+)"\s*:/g)) names.add(key!);
  for (const line of markdown.split("\n")) {
    if (!line.trimStart().startsWith("|")) continue;
    for (const cell of line.split("|").map((c) => c.trim())) {
      if (FIELD_LIST_CELL.test(cell)) add(cell);
    }
  }
  return names;
}

/** API input schemas that live next to their service rather than in a schemas.ts. */
const OTHER_INPUT_MODULES = [
  "lib/automations/step-schemas.ts",
  "lib/templates/blocks.ts",
  "lib/domains/create.ts",
  "lib/domains/update.ts",
];

/** Exported schemas no API route reads, and why (a dashboard-only field needs no API doc). */
export const NOT_API_INPUT: Record<string, string> = {
  ListEventsQuery: "the dashboard's Events page; GET /v1/events answers 405",
};

/** The API input schema modules: every lib/<domain>/schemas.ts and OTHER_INPUT_MODULES. */
export function schemaFiles(root: string): string[] {
  return [
    ...readdirSync(path.join(root, "lib"))
      .map((domain) => `lib/${domain}/schemas.ts`)
      .filter((file) => existsSync(path.join(root, file))),
    ...OTHER_INPUT_MODULES,
  ];
}

async function main() {
  const root = path.resolve(import.meta.dirname, "..");
  const documented = documentedNames(readFileSync(path.join(root, "docs/api.md"), "utf8"));
  let missing = 0;
  for (const file of schemaFiles(root)) {
    const exports = (await import(pathToFileURL(path.join(root, file)).href)) as Record<
      string,
      unknown
    >;
    for (const field of acceptedFields(exports)) {
      const ok = documented.has(field.name);
      if (!ok) missing++;
      console.log(`${ok ? "[x]" : "[ ]"} ${file} ${field.schema}.${field.name}`);
    }
  }
  console.log(missing === 0 ? "Every field is named in docs/api.md." : `${missing} missing.`);
  process.exitCode = missing === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
