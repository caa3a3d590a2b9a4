import { ValidationError } from "@/lib/core/errors";
import { defaultMapping, IMPORT_DESTINATION } from "./rows";

/** A `mapping` whose destinations are all known (422 naming the first that is not). */
export function checkMappingTargets(mapping: Record<string, string> | undefined) {
  for (const [column, target] of Object.entries(mapping ?? {})) {
    if (!IMPORT_DESTINATION.test(target)) {
      throw new ValidationError(`mapping: "${column}" → "${target}" is not a destination`, [
        {
          path: `mapping.${column}`,
          message:
            "must be email, name, first_name, last_name, subscribed, data.<key>, topic.<topic id> or ignore",
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
  topics: { id: string; name: string }[] = [],
): Record<string, string> {
  const full = { ...defaultMapping(columns, topics), ...mapping };
  const known = new Set(topics.map((t) => t.id));
  for (const [column, target] of Object.entries(full)) {
    if (target.startsWith("topic.") && !known.has(target.slice("topic.".length))) {
      throw new ValidationError(
        `mapping: "${column}" → "${target}" names no topic of this project`,
        [{ path: `mapping.${column}`, message: "is not a topic of this project" }],
      );
    }
  }
  if (format === "csv" && !Object.values(full).includes("email")) {
    throw new ValidationError("No column holds the email: name one `email` or map one to email.", [
      { path: "mapping", message: "one column must map to email" },
    ]);
  }
  return full;
}
