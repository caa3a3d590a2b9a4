type Entry<T> = { value: T; expiresAt: number };

/**
 * A bounded map whose entries expire after `ttlMs`, that keeps at least the `keep` most recently
 * used entries and at most twice as many: a flood of new keys pushes out only entries nobody
 * used meanwhile, never everything.
 *
 * Two generations instead of one ordered map: entries go into `recent`; when it holds `keep`,
 * it becomes `older` and the previous `older` is dropped whole; a hit in `older` moves the entry
 * back into `recent`. A hit in `recent` changes nothing. The exact LRU this replaces deleted the
 * oldest key of a Map on every insert once full, and V8 keeps deleted entries of a Map as holes
 * until it rehashes, which the next `keys().next()` walked over: with 10,000 entries and a new
 * key per call (each recipient's own unsubscribe link, a flood of webhook tokens) an insert
 * cost ~15 µs instead of ~0.1 µs.
 */
export class LruCache<T> {
  private recent = new Map<string, Entry<T>>();
  private older = new Map<string, Entry<T>>();

  constructor(
    private readonly keep: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, nowMs: number): T | undefined {
    let entry = this.recent.get(key);
    if (entry === undefined) {
      entry = this.older.get(key);
      if (entry === undefined) return undefined;
      this.older.delete(key);
      if (entry.expiresAt <= nowMs) return undefined;
      this.remember(key, entry);
      return entry.value;
    }
    if (entry.expiresAt <= nowMs) {
      this.recent.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, nowMs: number) {
    this.older.delete(key);
    this.remember(key, { value, expiresAt: nowMs + this.ttlMs });
  }

  delete(key: string) {
    this.recent.delete(key);
    this.older.delete(key);
  }

  /** Entries held, expired ones not yet looked at included. */
  get size() {
    return this.recent.size + this.older.size;
  }

  private remember(key: string, entry: Entry<T>) {
    this.recent.set(key, entry);
    if (this.recent.size >= this.keep) {
      this.older = this.recent;
      this.recent = new Map();
    }
  }
}
