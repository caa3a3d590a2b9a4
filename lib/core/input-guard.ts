import { ValidationError } from "@/lib/core/errors";

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
  // Each entry points at its parent, so the path is only built for the one value reported.
  type Entry = { value: unknown; key: string | null; parent: Entry | null; depth: number };
  const pathOf = (entry: Entry, last?: string) => {
    const keys = last === undefined ? [] : [last];
    for (let e: Entry | null = entry; e?.key != null; e = e.parent) keys.unshift(e.key);
    return keys.join(".") || "body";
  };
  const stack: Entry[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (typeof entry.value === "string") {
      if (entry.value.includes(NUL)) return { path: pathOf(entry), message: NUL_MESSAGE };
      continue;
    }
    const isArray = Array.isArray(entry.value);
    if (!isArray && !isPlainObject(entry.value)) continue;
    if (entry.depth >= max) return { path: pathOf(entry), message: DEPTH_MESSAGE };
    const children = isArray
      ? (entry.value as unknown[]).entries()
      : Object.entries(entry.value as Record<string, unknown>);
    for (const [key, child] of children) {
      if (typeof key === "string" && key.includes(NUL)) {
        return { path: pathOf(entry, key.replaceAll(NUL, "\\u0000")), message: NUL_MESSAGE };
      }
      if (typeof child === "string" || (typeof child === "object" && child !== null)) {
        stack.push({ value: child, key: String(key), parent: entry, depth: entry.depth + 1 });
      }
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
