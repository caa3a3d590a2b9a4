/**
 * The editor's error state: the server's message per field and the banner above the form.
 * `summary` says the banner only sums up the field messages ("Please correct the highlighted
 * fields."), so it goes once they are all fixed; any other banner (a save that failed for
 * another reason) stays until the next save.
 */
export type EditorErrors = {
  fields: Record<string, string>;
  message: string | null;
  summary: boolean;
};

export const NO_ERRORS: EditorErrors = { fields: {}, message: null, summary: false };

/** A failed save or send: the banner is a summary when the fields carry the messages. */
export function failedWith(fields: Record<string, string>, message: string | null): EditorErrors {
  return { fields, message, summary: Object.keys(fields).length > 0 };
}

/**
 * After editing `edited` fields: their own messages and those of their parts (`variants.1`,
 * `ab_test.wait_hours`) go, and a summary banner goes with the last of them.
 */
export function afterEdit(state: EditorErrors, edited: readonly string[]): EditorErrors {
  const cleared = Object.keys(state.fields).filter((key) =>
    edited.some((field) => key === field || key.startsWith(`${field}.`)),
  );
  if (cleared.length === 0) return state;
  const fields = { ...state.fields };
  for (const key of cleared) delete fields[key];
  const fixed = state.summary && Object.keys(fields).length === 0;
  return fixed ? NO_ERRORS : { ...state, fields };
}
