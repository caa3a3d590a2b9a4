import { z } from "zod";
import { ValidationError } from "@/lib/core/errors";
import { assertCleanInput } from "@/lib/core/input-guard";

/** The import's format: `format=csv|ndjson`, else from Content-Type (text/csv, x-ndjson). */
export function importFormat(
  contentType: string | null,
  format: string | undefined,
): "csv" | "ndjson" {
  const wanted = format ?? contentType ?? "";
  if (/csv/i.test(wanted)) return "csv";
  if (/ndjson|jsonl|json-seq/i.test(wanted)) return "ndjson";
  throw new ValidationError(
    "Send the file as text/csv or application/x-ndjson (or add ?format=csv|ndjson).",
    [{ path: "format", message: "must be csv or ndjson" }],
  );
}

/** `mapping` query parameter: a JSON object from CSV column to destination. */
export function importMapping(raw: string | undefined): Record<string, string> | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string")
  ) {
    assertCleanInput(value, "mapping");
    return value as Record<string, string>;
  }
  throw new ValidationError('mapping: must be a JSON object like {"E-mail":"email"}', [
    { path: "mapping", message: "must be a JSON object of column → destination" },
  ]);
}

/** The import endpoints' query, as the parsers above read it (for the OpenAPI document). */
export const ImportRequestQuery = z.object({
  format: z
    .enum(["csv", "ndjson"])
    .optional()
    .meta({ description: "Overrides the Content-Type (text/csv or application/x-ndjson)." }),
  mapping: z.string().optional().meta({
    description: 'JSON object from a CSV column to a destination, e.g. {"E-mail":"email"}.',
  }),
});
