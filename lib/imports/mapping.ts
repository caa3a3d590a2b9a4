import { ValidationError } from "@/lib/core/errors";
import { defaultMapping, IMPORT_DESTINATION } from "./rows";

/** A `mapping` whose destinations are all known (422 naming the first that is not). */
export function checkMappingTargets(mapping: Record<string, string> | undefined) {
  for (const [column, target] of Object.entries(mapping ?? {})) {
    if (!IMPORT_DESTINATION.test(target)) {
      throw new ValidationError(`mapping: "${column}" → "${target}" is not a destination`, [
        {
          path: `mapping.${column}`,
          message: "must be email, name, first_name, last_name, subscribed, data.<key> or ignore",
        },
      ]);
    }
  }
}

/** The file's full mapping (defaults by header name, then the caller's); CSV needs an email column. */
export function fileMapping(
  format: "csv" | "ndjson",
  columns: string[],
  mapping: Record<string, string> | undefined,
): Record<string, string> {
  const full = { ...defaultMapping(columns), ...mapping };
  if (format === "csv" && !Object.values(full).includes("email")) {
    throw new ValidationError("No column holds the email: name one `email` or map one to email.", [
      { path: "mapping", message: "one column must map to email" },
    ]);
  }
  return full;
}
