import { AppError } from "@/lib/core/errors";

/**
 * What a dashboard server action answers: success, or an error with one message per field
 * (from AppError details) so the form can show it next to the field.
 */
export type FormState<T = undefined> =
  | { status: "idle" }
  | { status: "success"; message?: string; result?: T; at: number }
  | {
      status: "error";
      message: string;
      fieldErrors: Record<string, string>;
      /** Submitted text values, so a progressively enhanced form can show them again. */
      values?: Record<string, string>;
      at: number;
    };

export const IDLE: FormState<never> = { status: "idle" };

export function success<T>(message?: string, result?: T): FormState<T> {
  return { status: "success", message, result, at: Date.now() };
}

export function failure(
  message: string,
  fieldErrors: Record<string, string> = {},
  values?: Record<string, string>,
): FormState<never> {
  return { status: "error", message, fieldErrors, values, at: Date.now() };
}

/**
 * Maps a thrown domain error to form state. `fields` names the inputs the form shows; details on
 * other paths (e.g. `data.plan`) are attached to the closest shown field, else to the message.
 * Anything that is not an AppError is unexpected: it is rethrown to the error boundary.
 */
export function toFormState(error: unknown, fields: readonly string[]): FormState<never> {
  if (!(error instanceof AppError)) throw error;
  const fieldErrors: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const detail of error.details ?? []) {
    const field = fields.find((f) => detail.path === f || detail.path.startsWith(`${f}.`));
    if (!field) unplaced.push(`${detail.path}: ${detail.message}`);
    else if (!fieldErrors[field]) {
      const subPath = detail.path.slice(field.length + 1);
      // A nested path keeps its key as written ("plan: must be a string.").
      fieldErrors[field] = subPath
        ? period(`${subPath}: ${detail.message}`)
        : sentence(detail.message);
    }
  }
  const placedOnly = Object.keys(fieldErrors).length > 0 && unplaced.length === 0;
  return failure(
    placedOnly ? "Please correct the highlighted fields." : error.message,
    fieldErrors,
  );
}

/** "must be a valid email address" → "Must be a valid email address." */
function sentence(text: string): string {
  const trimmed = text.trim();
  return period(trimmed.charAt(0).toUpperCase() + trimmed.slice(1));
}

function period(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
