import { LruCache } from "@/lib/core/lru-cache";

/**
 * A small per-process cache for rows that hot paths (delivery, automation steps) would otherwise
 * read once per message. Entries live `ttlMs`; a change to the row is seen within that time.
 * Bounded like every cache here (lru-cache.ts): when full, the least recently used entry goes.
 * Misses of one key at once share one load: a delivery slice composes 50 messages together, and
 * each of them read the sending domain and parsed its DKIM key again whenever the entry expired
 * (createPrivateKey was 0.7 % of a worker's CPU in bench:campaign). A failed load is not kept.
 */
export type TtlCache<T> = {
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every entry (after a change made in this process). */
  clear(): void;
};

export function ttlCache<T>(ttlMs: number, maxEntries = 1000): TtlCache<T> {
  let entries = new LruCache<{ value: T }>(maxEntries, ttlMs);
  let loading = new Map<string, Promise<T>>();
  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key, Date.now());
      if (hit) return hit.value;
      const pending = loading.get(key);
      if (pending) return pending;
      const loads = loading;
      const promise = load().then((value) => {
        // Not if cleared meanwhile: the load may have read what the clear was about.
        if (loads === loading) entries.set(key, { value }, Date.now());
        return value;
      });
      loads.set(key, promise);
      void promise.then(
        () => loads.delete(key),
        () => loads.delete(key),
      );
      return promise;
    },
    clear: () => {
      entries = new LruCache<{ value: T }>(maxEntries, ttlMs);
      loading = new Map();
    },
  };
}
