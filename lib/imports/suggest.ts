/**
 * What the import wizard suggests for each column of a file: the contact fields by their usual
 * header names, else a custom field whose key is either one the project already uses (matched
 * ignoring case, spaces, `_`, `-` and `.`, so `Plan` fills the existing `plan`) or a clean new
 * one (`Sign-up Date` → `sign_up_date`). The API keeps its documented default (`data.<header>`,
 * rows.ts `defaultMapping`); these suggestions are what a person is shown and can change.
 */
const EMAIL: ReadonlySet<string> = new Set(["email", "emailaddress", "mail", "epost", "courriel"]);
const NAME: ReadonlySet<string> = new Set(["name", "fullname", "contactname"]);
const FIRST_NAME: ReadonlySet<string> = new Set([
  "firstname",
  "givenname",
  "forename",
  "first",
  "prenom",
  "vorname",
]);
const LAST_NAME: ReadonlySet<string> = new Set([
  "lastname",
  "surname",
  "familyname",
  "last",
  "nom",
  "nachname",
]);
const SUBSCRIBED: ReadonlySet<string> = new Set(["subscribed", "optin", "optedin"]);

/** A header as compared with others: lowercase, without accents, spaces and punctuation. */
export function comparableKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** A custom field key for a header: lowercase snake_case (`firstName`, `First Name` → `first_name`). */
export function cleanFieldKey(header: string): string {
  return header
    .trim()
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1_$2")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "");
}

/** The destination suggested for each column (`email`, `name`, `first_name`, `data.plan`, `ignore`…). */
export function suggestMapping(
  columns: readonly string[],
  existingKeys: readonly string[] = [],
): string[] {
  const existing = new Map<string, string>();
  for (const key of existingKeys) {
    const comparable = comparableKey(key);
    if (!existing.has(comparable)) existing.set(comparable, key);
  }
  const comparables = columns.map(comparableKey);
  const taken = new Set<string>();
  const hasFullName = comparables.some((c) => NAME.has(c));
  return columns.map((column, i) => {
    const comparable = comparables[i]!;
    // A column without a usable header has no sensible field name: leave it out unless asked.
    if (comparable === "") return "ignore";
    const field = contactField(comparable, hasFullName);
    // One column per contact field: a second `Email` column becomes a custom field.
    if (field && !taken.has(field)) {
      taken.add(field);
      return field;
    }
    const key = existing.get(comparable) ?? cleanFieldKey(column);
    return `data.${key}`;
  });
}

function contactField(comparable: string, hasFullName: boolean): string | null {
  if (EMAIL.has(comparable)) return "email";
  if (NAME.has(comparable)) return "name";
  if (SUBSCRIBED.has(comparable)) return "subscribed";
  // Beside a full-name column the parts stay custom fields: the name is already given.
  if (!hasFullName && FIRST_NAME.has(comparable)) return "first_name";
  if (!hasFullName && LAST_NAME.has(comparable)) return "last_name";
  return null;
}
