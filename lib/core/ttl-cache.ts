import { LruCache } from "@/lib/core/lru-cache";

/**
 * A small per-process cache for rows that hot paths (delivery, automation steps) would otherwise
 * read once per message. Entries live `ttlMs`; a change to the row is seen within that time.
 * Bounded like every cache here (lru-cache.ts): when full, the least recently used entry goes.
 * Loads are not deduplicated: two misses at once both read, which is harmless.
 */
export type TtlCache<T> = {
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every entry (after a change made in this process). */
  clear(): void;
};

export function ttlCache<T>(ttlMs: number, maxEntries = 1000): TtlCache<T> {
  let entries = new LruCache<{ value: T }>(maxEntries, ttlMs);
  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key, Date.now());
      if (hit) return hit.value;
      const value = await load();
      entries.set(key, { value }, Date.now());
      return value;
    },
    clear: () => {
      entries = new LruCache<{ value: T }>(maxEntries, ttlMs);
    },
  };
}
