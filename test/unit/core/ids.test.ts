import { describe, expect, it } from "vitest";
import { newId, randomBase62 } from "@/lib/core/ids";

describe("newId", () => {
  it("is prefixed and sorts by creation, even within one millisecond", () => {
    const now = Date.UTC(2026, 5, 1);
    const ids = Array.from({ length: 500 }, () => newId("ct", now));
    expect(ids[0]).toMatch(/^ct_[0-9a-z]{26}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const later = newId("ct", now + 1);
    expect(later > ids[ids.length - 1]!).toBe(true);
  });

  it("never goes backwards when the clock does", () => {
    const a = newId("em", Date.UTC(2026, 5, 2));
    const b = newId("em", Date.UTC(2026, 5, 1));
    expect(b > a).toBe(true);
  });
});

describe("randomBase62", () => {
  it("has the requested length and alphabet", () => {
    expect(randomBase62(40)).toMatch(/^[0-9A-Za-z]{40}$/);
  });
});
