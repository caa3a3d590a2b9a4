/**
 * Sample data for previews (gallery cards, the editor, test emails): a sample contact and a
 * plausible value for every placeholder a template uses, so a preview reads like a real email
 * instead of "Hi ," or an empty button. Pure: no I/O, no React, usable on both sides.
 *
 * Order of preference for one placeholder: what the caller knows (the project's name, a gallery
 * template's own samples), the sample contact and project for what a send always fills
 * (`{{first_name}}` is "Alex", not its fallback "there"; `{{project_name}}` is "Acme"), the
 * fallback the author wrote when it says something ("—" does not), then a value guessed from the
 * name (`…_url` → https://example.com, `…_image_url` → a picture the app ships).
 */
import type { TemplateVariable, Variables } from "./variables";

export const SAMPLE_URL = "https://example.com";

/**
 * Pictures the app ships in public/ (drawn by scripts/sample-images.ts) for image placeholders
 * nobody filled: a logo slot and a wide picture. Served from the public URL (`config.appUrl`), the
 * origin of every link in the same email, so a test email shows them wherever its links work;
 * without a public URL (client-side placeholders) an image stays empty.
 */
export const SAMPLE_IMAGE_PATHS = {
  logo: "/samples/logo.png",
  picture: "/samples/picture.png",
} as const;

export function sampleImageUrl(publicUrl: string, kind: keyof typeof SAMPLE_IMAGE_PATHS): string {
  return `${publicUrl}${SAMPLE_IMAGE_PATHS[kind]}`;
}

/** What a preview knows beyond the template: values by path, and where the sample pictures are. */
export type SampleContext = {
  /** Values by path that win over everything (`{ project_name: "Northwind" }`). */
  known?: Record<string, string>;
  /** The app's public URL; without it image placeholders stay empty. */
  publicUrl?: string;
};

export const SAMPLE_CONTACT = {
  email: "alex@example.com",
  name: "Alex Morgan",
  first_name: "Alex",
  last_name: "Morgan",
  company: "Acme",
} as const;

/** Filled by the sending pipeline on every real send: a sample must not replace them there. */
export const SENDER_FILLED: readonly string[] = [
  "email",
  "project_name",
  "postal_address",
  "unsubscribe_url",
];

export const SAMPLE_PROJECT = {
  project_name: "Acme",
  postal_address: "1 Market Street, San Francisco, CA 94105",
} as const;

/**
 * Contact fields and what the pipeline fills (project, unsubscribe link): the sample wins over
 * a fallback, as the real value would on a send.
 */
const ALWAYS_FILLED: Record<string, string> = {
  ...SAMPLE_PROJECT,
  unsubscribe_url: SAMPLE_URL,
  email: SAMPLE_CONTACT.email,
  name: SAMPLE_CONTACT.name,
  full_name: SAMPLE_CONTACT.name,
  first_name: SAMPLE_CONTACT.first_name,
  firstname: SAMPLE_CONTACT.first_name,
  last_name: SAMPLE_CONTACT.last_name,
  lastname: SAMPLE_CONTACT.last_name,
};

const SAMPLE_PARAGRAPH =
  "A short paragraph of sample text, so you can see how this part of the email reads.";

const IMAGE_NAME = /(image|logo|photo|picture|avatar|banner|icon)(_?url|_?src)?$/;
const LOGO_NAME = /(logo|avatar|icon)(_?url|_?src)?$/;

/** A fallback that says something: "—" or "..." only marks an empty value in a real send. */
const SAYS_SOMETHING = /[\p{L}\p{N}]/u;

/** Guesses from the last key of the path, first match wins (tested in order). */
const BY_NAME: [RegExp, string][] = [
  [/(^|_)(url|link|href|src)$/, SAMPLE_URL],
  [/^(company|company_name|organization|organisation|project_name|brand)$/, "Acme"],
  [/address$/, SAMPLE_PROJECT.postal_address],
  [/phone/, "+1 555 0100"],
  [/city$/, "Lisbon"],
  [/country$/, "Portugal"],
  [/plan$/, "Pro"],
  [/(^|_)(amount|total|subtotal|price|tax|balance)$/, "$49.00"],
  [/(^|_)(discount|percent)$/, "20%"],
  [/(^|_)(order|invoice|receipt)_?(number|no|id)$/, "#10428"],
  [/(^|_)(code|coupon|otp|token)$/, "WELCOME10"],
  [/(^|_)(count|quantity|qty|number)$/, "3"],
  [/expires?(_in)?$/, "24 hours"],
  [/(^|_)(date|day|ends_at|starts_at|deadline)$/, "June 12"],
  [/(^|_)time$/, "10:00 AM"],
  [/(sender|job|role|author)_?title$/, "Founder"],
  [/(^|_)(headline|title|heading|subject)$/, "A headline worth reading"],
  [/(^|_)(intro|summary|body|message|text|description|content|paragraph|note)$/, SAMPLE_PARAGRAPH],
  [/(^|_)(label|cta|cta_label|button)$/, "Learn more"],
];

/** "story1_title" → "Story 1 title": a readable stand-in for a name nothing else matched. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([a-zA-Z])(\d)/g, "$1 $2")
    .replace(/[_\-$]+/g, " ")
    .trim()
    .toLowerCase();
  if (!words) return "Sample text";
  const text = words.replace(/\b(url|id|cta)\b/g, (w) => w.toUpperCase());
  return text[0]!.toUpperCase() + text.slice(1);
}

/** The sample value of one placeholder (see the module comment for the order). */
export function sampleValueFor(variable: TemplateVariable, publicUrl?: string): string {
  const key = (variable.name.split(".").pop() ?? variable.name).toLowerCase();
  const filled = ALWAYS_FILLED[key];
  if (filled !== undefined) return filled;
  if (variable.fallback && SAYS_SOMETHING.test(variable.fallback)) return variable.fallback;
  if (IMAGE_NAME.test(key)) {
    // Without a public URL the image block is left out, as in a real send without one.
    return publicUrl ? sampleImageUrl(publicUrl, LOGO_NAME.test(key) ? "logo" : "picture") : "";
  }
  for (const [pattern, value] of BY_NAME) if (pattern.test(key)) return value;
  return humanize(variable.name.split(".").pop() ?? variable.name);
}

/**
 * Sample values keyed by path (`first_name`, `data.plan`), the shape the editor's sample fields
 * use; `known` (by path) wins, e.g. `{ project_name: "Acme Inc" }`.
 */
export function sampleValues(
  variables: TemplateVariable[],
  { known = {}, publicUrl }: SampleContext = {},
): Record<string, string> {
  return Object.fromEntries(
    variables.map((variable) => [
      variable.name,
      known[variable.name] ?? sampleValueFor(variable, publicUrl),
    ]),
  );
}

/** Paths to the nested object the renderer reads (`data.plan` → `{ data: { plan } }`). */
export function nestVariables(values: Record<string, string>): Variables {
  const variables: Variables = {};
  for (const [path, value] of Object.entries(values)) {
    const keys = path.split(".");
    let target = variables;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      if (next === null || typeof next !== "object") target[key] = {};
      target = target[key] as Variables;
    }
    target[keys[keys.length - 1]!] = value;
  }
  return variables;
}

/** The variables a preview renders with: a sample for every placeholder the template uses. */
export function sampleVariables(
  variables: TemplateVariable[],
  context: SampleContext = {},
): Variables {
  return nestVariables(sampleValues(variables, context));
}
