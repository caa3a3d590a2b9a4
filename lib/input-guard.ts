import { ValidationError } from "./errors";

/**
 * Input no part of the system can store or should walk, refused before it reaches a service:
 * NUL characters (PostgreSQL rejects U+0000 in text and jsonb, so it would surface as a 500) and
 * JSON nested deeper than MAX_JSON_DEPTH (recursive code and jsonb both have stack limits).
 * Everything here is iterative, so a hostile input cannot exhaust the stack of the check itself.
 */
export const MAX_JSON_DEPTH = 32;

const NUL = "\u0000";

export type InputProblem = { path: string; message: string };

/**
 * The deepest nesting of `{`/`[` in JSON text exceeds `max` (strings are skipped): checked on
 * the raw text, before JSON.parse builds anything.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The first problem in a parsed value (strings and object keys containing NUL, nesting deeper
 * than `max`), with its path (`data.tags.2`), or null. Only plain objects and arrays are walked.
 */
export function findInputProblem(value: unknown, max = MAX_JSON_DEPTH): InputProblem | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [
    { value, path: [], depth: 0 },
  ];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const where = item.path.join(".") || "body";
    if (typeof item.value === "string") {
      if (item.value.includes(NUL)) return { path: where, message: NUL_MESSAGE };
      continue;
    }
    const isArray = Array.isArray(item.value);
    if (!isArray && !isPlainObject(item.value)) continue;
    if (item.depth >= max) return { path: where, message: DEPTH_MESSAGE };
    const entries = isArray
      ? (item.value as unknown[]).map((v, i) => [String(i), v] as const)
      : Object.entries(item.value as Record<string, unknown>);
    for (const [key, child] of entries) {
      if (key.includes(NUL)) {
        return {
          path: [...item.path, key.replaceAll(NUL, "\\u0000")].join("."),
          message: NUL_MESSAGE,
        };
      }
      stack.push({ value: child, path: [...item.path, key], depth: item.depth + 1 });
    }
  }
  return null;
}

export const NUL_MESSAGE = "must not contain the NUL character (U+0000)";
export const DEPTH_MESSAGE = `must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;

/** Throws a 422 naming the first problem, so every entry point answers NUL and depth alike. */
export function assertCleanInput(value: unknown, prefix?: string): void {
  const problem = findInputProblem(value);
  if (!problem) return;
  const path = prefix
    ? problem.path === "body"
      ? prefix
      : `${prefix}.${problem.path}`
    : problem.path;
  throw new ValidationError(`${path}: ${problem.message}`, [{ path, message: problem.message }]);
}

/** For path parameters: an id never contains NUL, so such a path names nothing. */
export function hasNul(values: Iterable<unknown>): boolean {
  for (const value of values) {
    if (typeof value === "string" && value.includes(NUL)) return true;
    if (Array.isArray(value) && hasNul(value)) return true;
  }
  return false;
}
