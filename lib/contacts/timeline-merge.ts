/**
 * The contact timeline merges several sources (emails, automation runs, events, subscription
 * changes), each read newest first with the same keyset cursor. Every source returns up to
 * `limit + 1` items older than the cursor, so the newest `limit + 1` of their union are exactly
 * the union's first `limit + 1`: that is the page, and whether there is more.
 */
export type TimelineKey = { at: Date; id: string };

/** Newest first: later `at`, then the larger id (ids never tie across sources: prefixes differ). */
export function compareNewestFirst(a: TimelineKey, b: TimelineKey): number {
  const byTime = b.at.getTime() - a.at.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function isOlderThan(item: TimelineKey, cursor: TimelineKey | undefined): boolean {
  return cursor === undefined || compareNewestFirst(cursor, item) < 0;
}

export function mergeNewestFirst<T extends TimelineKey>(
  sources: readonly (readonly T[])[],
  limit: number,
): { items: T[]; hasMore: boolean } {
  const all = sources.flat().sort(compareNewestFirst);
  return { items: all.slice(0, limit), hasMore: all.length > limit };
}
