import { describe, expect, it } from "vitest";
import { delayAfter, MAX_DELAY_MS, throttledMessage } from "@/lib/web/auth/sign-in-throttle";

describe("sign-in delays", () => {
  it("start after the free failures, double, and stop at 15 minutes", () => {
    expect([4, 5, 6, 7].map((failures) => delayAfter(failures, 5))).toEqual([0, 1000, 2000, 4000]);
    expect(delayAfter(40, 5)).toBe(MAX_DELAY_MS);
    expect(delayAfter(5000, 5)).toBe(MAX_DELAY_MS);
  });

  it("are told in seconds under a minute, then in whole minutes", () => {
    expect(throttledMessage(1)).toBe("Too many attempts. Try again in 1 second.");
    expect(throttledMessage(16)).toBe("Too many attempts. Try again in 16 seconds.");
    expect(throttledMessage(60)).toBe("Too many attempts. Try again in 1 minute.");
    expect(throttledMessage(512)).toBe("Too many attempts. Try again in 9 minutes.");
  });
});
