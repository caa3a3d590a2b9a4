import { isEmailAddress } from "@/lib/core/validation";

/**
 * Turns the contact dialog's form fields into service input. Pure, so the JSON and patch rules
 * are unit-tested without a server.
 */
export type ParsedContactForm =
  | { ok: true; input: { email?: string; name: string; subscribed: boolean; data?: unknown } }
  | { ok: false; fieldErrors: Record<string, string> };

export function parseContactForm(
  form: FormData,
  options: { withEmail: boolean },
): ParsedContactForm {
  const fieldErrors: Record<string, string> = {};
  const email = String(form.get("email") ?? "").trim();
  if (options.withEmail && email === "") fieldErrors.email = "Enter an email address.";
  else if (options.withEmail && !isEmailAddress(email.toLowerCase())) {
    fieldErrors.email = "Must be a valid email address.";
  }
  const data = parseDataField(String(form.get("data") ?? ""));
  if (!data.ok) fieldErrors.data = data.error;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    input: {
      ...(options.withEmail && { email }),
      name: String(form.get("name") ?? ""),
      // A checked switch submits "on"; an unchecked one submits nothing.
      subscribed: form.get("subscribed") === "on" || form.get("subscribed") === "true",
      ...(data.ok && data.value !== undefined && { data: data.value }),
    },
  };
}

/** Empty text means "no data"; anything else must be JSON (the service checks it is an object). */
export function parseDataField(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // V8 quotes the whole input back ("…" is not valid JSON): keep only the reason.
    const reason =
      error instanceof SyntaxError
        ? error.message.replace(/, ".*" is not valid JSON$/s, "")
        : "it could not be parsed";
    return { ok: false, error: `Must be valid JSON (${reason}).` };
  }
}

/**
 * The dashboard edits `data` as a whole document, while the service merges patches shallowly:
 * keys that disappeared from the document are sent as null, which removes them.
 */
export function dataPatchFor(
  current: Record<string, unknown>,
  next: unknown,
): Record<string, unknown> | unknown {
  if (typeof next !== "object" || next === null || Array.isArray(next)) return next;
  const patch: Record<string, unknown> = { ...(next as Record<string, unknown>) };
  for (const key of Object.keys(current)) if (!(key in patch)) patch[key] = null;
  return patch;
}
