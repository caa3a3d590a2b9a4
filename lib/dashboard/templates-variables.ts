/**
 * Sample values the editor's Variables panel collects, keyed by variable path (`name`,
 * `data.plan`), turned into the nested `variables` object the renderer and POST /v1/send take.
 * Empty values are left out, so the template's fallbacks show.
 */
export type Samples = Record<string, string>;

export function samplesToVariables(samples: Samples): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(samples)) {
    if (value === "") continue;
    const keys = path.split(".");
    let target = variables;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      if (next === null || typeof next !== "object") target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[keys[keys.length - 1]!] = value;
  }
  return variables;
}

/** The syntax reminders shown next to the variables list. */
export const VARIABLE_SYNTAX = [
  { code: "{{name}}", meaning: "A contact or send variable" },
  { code: "{{data.plan}}", meaning: "A custom data field" },
  { code: '{{ first_name | "there" }}', meaning: "With a fallback when empty" },
] as const;
