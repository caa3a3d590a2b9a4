import {
  nestVariables,
  sampleValues,
  SENDER_FILLED,
  type SampleContext,
} from "@/lib/templates/sample-values";
import type { TemplateVariable } from "@/lib/templates/variables";

/**
 * Sample values the editor's Variables panel collects, keyed by variable path (`name`,
 * `data.plan`), turned into the nested `variables` object the renderer and POST /v1/send take.
 * Empty values are left out (the previews fill them with sample data, a real send with fallbacks).
 */
export type Samples = Record<string, string>;

export function samplesToVariables(samples: Samples): Record<string, unknown> {
  return nestVariables(typed(samples));
}

/**
 * What the editor renders a preview with: the values typed in the Variables panel, and sample
 * data (lib/templates/sample-values) for every placeholder left empty.
 */
export function previewVariables(
  variables: TemplateVariable[],
  samples: Samples,
  context: SampleContext = {},
): Record<string, unknown> {
  return nestVariables({ ...sampleValues(variables, context), ...typed(samples) });
}

/**
 * What a test email is sent with: the same, minus what the sending pipeline fills in itself
 * (the recipient's address, the project's name and postal address, the unsubscribe link). Sample
 * pictures point at the public URL, like the email's own links.
 */
export function testSendVariables(
  variables: TemplateVariable[],
  samples: Samples,
  publicUrl?: string,
): Record<string, unknown> {
  const own = variables.filter((v) => !SENDER_FILLED.includes(v.name));
  return nestVariables({ ...sampleValues(own, { publicUrl }), ...typed(samples) });
}

function typed(samples: Samples): Samples {
  return Object.fromEntries(Object.entries(samples).filter(([, v]) => v !== ""));
}

/** The syntax reminders shown next to the variables list. */
export const VARIABLE_SYNTAX = [
  { code: "{{name}}", meaning: "A contact or send variable" },
  { code: "{{data.plan}}", meaning: "A custom data field" },
  { code: '{{ first_name | "there" }}', meaning: "With a fallback when empty" },
] as const;
