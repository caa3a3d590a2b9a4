/**
 * A bounded map whose entries expire after `ttlMs`: when full, the least recently used entry
 * goes (a Map iterates in insertion order; a hit re-inserts its key at the end). Unlike
 * a cache that empties itself when full, a flood of new keys can push out only the oldest.
 */
export class LruCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, nowMs: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= nowMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T, nowMs: number) {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: nowMs + this.ttlMs });
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}
