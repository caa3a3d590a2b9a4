// Reading a dashboard page's query string. Values come from the address bar, so they may be
// repeated, padded or hand-edited; these helpers turn them into "a value or nothing".

/** What Next.js hands a page as `searchParams`. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a parameter, trimmed; a repeated parameter (`?a=1&a=2`) keeps the first. */
export function first(value: string | string[] | undefined) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

/** Unknown filter values (a hand-edited URL) are ignored rather than failing the page. */
export function pick<T extends string>(value: string | undefined, allowed: Record<T, string>) {
  return value !== undefined && value in allowed ? (value as T) : undefined;
}
