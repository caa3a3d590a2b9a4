import { describe, expect, it } from "vitest";
import { ttlCache } from "@/lib/core/ttl-cache";

describe("ttlCache", () => {
  // A delivery slice composes 50 messages at once: each read the sending domain and parsed its
  // DKIM key again whenever the entry had expired.
  it("shares one load among misses of a key at once", async () => {
    const cache = ttlCache<number>(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    };
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.get("k", load)));
    expect(values).toEqual(Array(50).fill(42));
    expect(loads).toBe(1);
    expect(await cache.get("k", load)).toBe(42);
    expect(loads).toBe(1);
  });

  it("keeps no failed load: the next miss loads again", async () => {
    const cache = ttlCache<number>(60_000);
    const failures = await Promise.allSettled([
      cache.get("k", () => Promise.reject(new Error("database away"))),
      cache.get("k", () => Promise.resolve(1)),
    ]);
    expect(failures.map((f) => f.status)).toEqual(["rejected", "rejected"]);
    expect(await cache.get("k", () => Promise.resolve(2))).toBe(2);
  });

  it("does not keep a load that was under way when it was cleared", async () => {
    const cache = ttlCache<string>(60_000);
    let release!: () => void;
    const stale = cache.get(
      "k",
      () => new Promise<string>((resolve) => (release = () => resolve("before the change"))),
    );
    cache.clear();
    release();
    expect(await stale).toBe("before the change");
    expect(await cache.get("k", async () => "after the change")).toBe("after the change");
  });
});
