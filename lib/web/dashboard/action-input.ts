import { z } from "zod";

/**
 * The argument schemas dashboard actions declare (lib/web/dashboard/action.ts). A server action
 * is a public endpoint: whatever the browser posts is parsed against these before the body runs.
 * They describe shape only; the services re-parse what they receive and word the 422s.
 */

/** A record id from the page (the service answers 404 for one that is not the project's). */
export const Id = z.string({ error: "This item no longer exists. Reload the page." });

/** An id that may be null: the editor's "not saved yet". */
export const OptionalId = Id.nullable();

/** useActionState's previous state, passed first to every form action; actions ignore it. */
export const PreviousState = z.unknown();

/** An object the client builds (a draft, a query), refused with `message` when it is not one. */
export function clientObject<T>(message: string) {
  return z.custom<T>((value) => typeof value === "object" && value !== null, { error: message });
}

/** A posted form, read field by field (FormData.getAll) into the object `shape` describes. */
export function formFields<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .instanceof(FormData, { error: "The form did not arrive. Reload the page and try again." })
    .transform((form): Record<string, unknown> =>
      Object.fromEntries(Object.keys(shape).map((k) => [k, form.getAll(k)])),
    )
    .pipe(z.object(shape));
}

/** A posted form the action reads itself (the contact dialog's pure parser words its errors). */
export const PostedForm = z.instanceof(FormData, {
  error: "The form did not arrive. Reload the page and try again.",
});

const values = z.array(z.string({ error: "must be text" }));

/** A text input: its value, "" when the form lacks it. */
export const text = values.transform((all) => all[0] ?? "");

/** Text only when the form has the field, so a service's default applies otherwise. */
export const optionalText = values.transform((all): string | undefined => all[0]);

/** A checkbox or switch: a checked one submits "on", an unchecked one nothing. */
export const checkbox = values.transform((all) => all[0] === "on");

/** Every checked box of a group; an unchecked group submits nothing, so [] means "none". */
export const checkedValues = values;
