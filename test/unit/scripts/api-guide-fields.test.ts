import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { acceptedFields, documentedNames, schemaFiles } from "@/scripts/api-guide-fields";

/**
 * docs/api.md is the guide and keeps the rules the OpenAPI document does not carry: every field
 * an API input schema (lib/<domain>/schemas.ts) accepts must be named in it, so a field added to
 * a schema without a word in the guide fails here (issue 14: the A/B test and double opt-in
 * had gone undocumented).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const guide = readFileSync(path.join(root, "docs/api.md"), "utf8");

describe("docs/api.md names every accepted API field", () => {
  it.each(schemaFiles(root))("%s", async (file) => {
    const exports: Record<string, unknown> = await import(path.join(root, file));
    const documented = documentedNames(guide);
    const missing = acceptedFields(exports).filter((field) => !documented.has(field.name));
    expect(missing.map((field) => `${field.schema}.${field.name}`)).toEqual([]);
  });
});

describe("the field checklist itself", () => {
  it("finds fields nested in objects, arrays, unions, defaults and pipes", () => {
    const Inner = z.object({ deep_field: z.string() });
    const exports = {
      Example: z
        .object({
          outer: z.array(z.union([Inner, z.object({ other: z.number().default(1) })])).optional(),
          piped: z.string().transform((v) => v.length),
        })
        .nullable(),
      notASchema: 3,
    };
    const names = acceptedFields(exports).map((field) => field.name);
    expect(names.sort()).toEqual(["deep_field", "other", "outer", "piped"]);
  });

  it("counts a name as documented in code spans, JSON keys and field-table cells only", () => {
    const documented = documentedNames(
      [
        "A `sample_percent` here and `ab_test.wait_hours` there.",
        '{"json_key":1}',
        "| Field | Type |",
        "| ----- | ---- |",
        "| cc, bcc | string |",
        "Prose that says metric without marking it.",
      ].join("\n"),
    );
    for (const name of ["sample_percent", "ab_test", "wait_hours", "json_key", "cc", "bcc"]) {
      expect(documented.has(name), name).toBe(true);
    }
    expect(documented.has("metric")).toBe(false);
  });
});
