/**
 * A small per-process cache for rows that hot paths (delivery, automation steps) would otherwise
 * read once per message. Entries live `ttlMs`; a change to the row is seen within that time.
 * Loads are not deduplicated: two misses at once both read, which is harmless.
 */
export function ttlCache<T>(ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, { at: number; value: T }>();
  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = await load();
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { at: Date.now(), value });
      return value;
    },
    clear: () => entries.clear(),
  };
}
