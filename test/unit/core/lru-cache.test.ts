import { describe, expect, it } from "vitest";
import { LruCache } from "@/lib/core/lru-cache";

describe("LruCache", () => {
  it("evicts the least recently used entry when full, never everything", () => {
    const cache = new LruCache<number>(3, 1_000);
    cache.set("a", 1, 0);
    cache.set("b", 2, 0);
    cache.set("c", 3, 0);
    expect(cache.get("a", 1)).toBe(1); // a is now the most recent
    cache.set("d", 4, 1);
    expect(cache.get("b", 1)).toBeUndefined();
    expect([cache.get("a", 1), cache.get("c", 1), cache.get("d", 1)]).toEqual([1, 3, 4]);
    expect(cache.size).toBe(3);
  });

  it("forgets entries after their time to live", () => {
    const cache = new LruCache<string>(10, 1_000);
    cache.set("k", "v", 0);
    expect(cache.get("k", 999)).toBe("v");
    expect(cache.get("k", 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
