import { describe, expect, it } from "vitest";
import { MIN_RATE_PER_SECOND, Pacer, RELEASE_MS, THROTTLE_PAUSE_MS } from "@/lib/core/pacing";

const T0 = 1_000_000;

/** Sends `count` messages to `key` at `perSecond`, starting at `from`; returns the end time. */
function sendAt(pacer: Pacer, key: string, perSecond: number, count: number, from: number) {
  let now = from;
  for (let i = 0; i < count; i++) {
    pacer.succeeded(key, now);
    now += 1000 / perSecond;
  }
  return now;
}

describe("Pacer (AIMD per destination)", () => {
  it("leaves a destination unpaced until it complains", () => {
    const pacer = new Pacer();
    sendAt(pacer, "gmail", 100, 500, T0);
    for (let i = 0; i < 100; i++) expect(pacer.reserve(["gmail"], T0 + 5_000)).toBe(0);
  });

  it("halves the rate the destination was taking and pauses it after a throttling answer", () => {
    const pacer = new Pacer();
    const now = sendAt(pacer, "gmail", 40, 200, T0);
    pacer.throttled("gmail", "421 4.7.0 slow down", now);
    const [pace] = pacer.snapshot(now);
    expect(pace!.rate).toBeCloseTo(20, 0);
    expect(pace!.reason).toBe("421 4.7.0 slow down");
    // The pause, then one slot every 1/rate.
    expect(pacer.reserve(["gmail"], now)).toBe(THROTTLE_PAUSE_MS);
    expect(pacer.reserve(["gmail"], now)).toBeCloseTo(THROTTLE_PAUSE_MS + 1000 / pace!.rate!, 0);
  });

  it("counts answers from one burst in flight as one decrease", () => {
    const pacer = new Pacer();
    const now = sendAt(pacer, "yahoo", 40, 200, T0);
    for (let i = 0; i < 20; i++) pacer.throttled("yahoo", "421", now + i * 10);
    expect(pacer.snapshot(now)[0]!.rate).toBeCloseTo(20, 0);
    pacer.throttled("yahoo", "421", now + 10_000);
    expect(pacer.snapshot(now + 10_000)[0]!.rate).toBeLessThan(20);
  });

  it("never goes below the minimum rate, and grows back additively while mail is taken", () => {
    const pacer = new Pacer();
    pacer.throttled("outlook", "421", T0);
    expect(pacer.snapshot(T0)[0]!.rate).toBe(MIN_RATE_PER_SECOND);
    let now = T0 + THROTTLE_PAUSE_MS;
    for (let i = 0; i < 60; i++) {
      now += 1000;
      pacer.succeeded("outlook", now);
    }
    const rate = pacer.snapshot(now)[0]!.rate!;
    expect(rate).toBeGreaterThan(10);
    expect(rate).toBeLessThan(15);
  });

  it("slows one destination only; a message waits for the latest of its keys", () => {
    const pacer = new Pacer();
    pacer.throttled("gmail", "421", T0);
    expect(pacer.reserve(["yahoo", "relay"], T0)).toBe(0);
    expect(pacer.reserve(["gmail", "relay"], T0)).toBe(THROTTLE_PAUSE_MS);
  });

  it("forgets a destination that has been quiet for RELEASE_MS", () => {
    const pacer = new Pacer();
    pacer.throttled("gmail", "421", T0);
    const later = T0 + RELEASE_MS + 1;
    expect(pacer.reserve(["gmail"], later)).toBe(0);
    expect(pacer.snapshot(later)).toEqual([]);
  });
});
