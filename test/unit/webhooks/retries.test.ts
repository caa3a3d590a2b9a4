import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import {
  DISABLE_AFTER_FAILING_MS,
  FAILING_REASON,
  GONE_REASON,
  planAfterAttempt,
  type PlanInput,
} from "@/lib/webhooks/plan";
import {
  MAX_RETRY_AFTER_MS,
  RETRY_SCHEDULE_SECONDS,
  parseRetryAfter,
  retryDelayMs,
  retryScheduleSeconds,
} from "@/lib/webhooks/schedule";

const now = new Date("2026-06-01T12:00:00.000Z");

describe("retry schedule", () => {
  it("is the Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h", () => {
    const hours = 3600;
    expect(RETRY_SCHEDULE_SECONDS).toEqual([
      5,
      300,
      1800,
      2 * hours,
      5 * hours,
      10 * hours,
      14 * hours,
      20 * hours,
      24 * hours,
    ]);
    expect(retryScheduleSeconds(readConfig({}))).toBe(RETRY_SCHEDULE_SECONDS);
  });

  it("uses the exact base with neutral jitter and stops after the ninth retry", () => {
    const neutral = () => 0.5;
    RETRY_SCHEDULE_SECONDS.forEach((seconds, i) => {
      expect(retryDelayMs(i + 1, RETRY_SCHEDULE_SECONDS, neutral)).toBe(seconds * 1000);
    });
    expect(retryDelayMs(10, RETRY_SCHEDULE_SECONDS, neutral)).toBeNull();
  });

  it("keeps jitter within ±10% and reaches both ends", () => {
    expect(retryDelayMs(2, RETRY_SCHEDULE_SECONDS, () => 0)).toBe(270_000);
    expect(retryDelayMs(2, RETRY_SCHEDULE_SECONDS, () => 0.999999)).toBe(330_000);
    for (let i = 0; i < 500; i++) {
      const delay = retryDelayMs(3, RETRY_SCHEDULE_SECONDS)!;
      expect(delay).toBeGreaterThanOrEqual(1_620_000);
      expect(delay).toBeLessThanOrEqual(1_980_000);
    }
  });

  it("can be shortened through WEBHOOK_RETRY_SCHEDULE_SECONDS and rejects nonsense", () => {
    const shortened = readConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: "1, 2,3" });
    expect(retryScheduleSeconds(shortened)).toEqual([1, 2, 3]);
    expect(() => readConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: "1,soon" })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE_SECONDS must be a comma-separated/,
    );
    expect(retryDelayMs(4, [1, 1, 1], () => 0.5)).toBeNull();
  });
});

describe("Retry-After", () => {
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });
  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter("Mon, 01 Jun 2026 12:10:00 GMT", now)).toBe(600_000);
    expect(parseRetryAfter("Mon, 01 Jun 2026 11:00:00 GMT", now)).toBe(0);
  });
  it("caps at 24 hours", () => {
    expect(parseRetryAfter("999999", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter("Fri, 01 Jan 2027 00:00:00 GMT", now)).toBe(MAX_RETRY_AFTER_MS);
  });
  it("ignores what it cannot read", () => {
    for (const value of [null, undefined, "", "soon", "-5", "1.5", "2026-06-01"]) {
      expect(parseRetryAfter(value, now)).toBeNull();
    }
  });
});

describe("planAfterAttempt", () => {
  const base: PlanInput = {
    statusCode: 500,
    retryAfter: null,
    attemptNumber: 1,
    replay: false,
    deliveryStatus: "pending",
    failingSince: null,
    now,
    schedule: RETRY_SCHEDULE_SECONDS,
    random: () => 0.5,
  };
  const at = (ms: number) => new Date(now.getTime() + ms);

  it("settles on 2xx and ends the endpoint's failure streak", () => {
    const plan = planAfterAttempt({ ...base, statusCode: 204, failingSince: at(-60_000) });
    expect(plan).toEqual({
      delivery: { status: "succeeded", nextAttemptAt: null },
      endpoint: { failingSince: null, disable: null },
    });
  });

  it("schedules the next attempt and starts the streak on the first failure", () => {
    const plan = planAfterAttempt(base);
    expect(plan.delivery).toEqual({ status: "pending", nextAttemptAt: at(5_000) });
    expect(plan.endpoint).toEqual({ failingSince: now, disable: null });
  });

  it("counts 3xx and network errors as failures", () => {
    expect(planAfterAttempt({ ...base, statusCode: 301 }).delivery?.status).toBe("pending");
    expect(planAfterAttempt({ ...base, statusCode: null, attemptNumber: 2 }).delivery).toEqual({
      status: "pending",
      nextAttemptAt: at(300_000),
    });
  });

  it("fails the delivery after the last scheduled attempt", () => {
    const plan = planAfterAttempt({ ...base, attemptNumber: 10, failingSince: at(-1000) });
    expect(plan.delivery).toEqual({ status: "failed", nextAttemptAt: null });
    expect(plan.endpoint).toEqual({ failingSince: at(-1000), disable: null });
  });

  it("honours Retry-After on 429, 502, 503 and 504 only", () => {
    for (const statusCode of [429, 502, 503, 504]) {
      expect(
        planAfterAttempt({ ...base, statusCode, retryAfter: "42" }).delivery?.nextAttemptAt,
      ).toEqual(at(42_000));
    }
    expect(
      planAfterAttempt({ ...base, statusCode: 500, retryAfter: "42" }).delivery?.nextAttemptAt,
    ).toEqual(at(5_000));
    expect(
      planAfterAttempt({ ...base, statusCode: 429, retryAfter: "junk" }).delivery?.nextAttemptAt,
    ).toEqual(at(5_000));
    expect(
      planAfterAttempt({ ...base, statusCode: 429, retryAfter: "42", attemptNumber: 10 }).delivery
        ?.status,
    ).toBe("failed");
  });

  it("disables the endpoint on 410 Gone and fails the delivery", () => {
    const plan = planAfterAttempt({ ...base, statusCode: 410 });
    expect(plan.delivery).toEqual({ status: "failed", nextAttemptAt: null });
    expect(plan.endpoint).toEqual({ failingSince: now, disable: GONE_REASON });
  });

  it("disables the endpoint once its failures have lasted more than 3 days", () => {
    const justUnder = planAfterAttempt({ ...base, failingSince: at(-DISABLE_AFTER_FAILING_MS) });
    expect(justUnder.endpoint.disable).toBeNull();
    const over = planAfterAttempt({ ...base, failingSince: at(-DISABLE_AFTER_FAILING_MS - 1) });
    expect(over.endpoint.disable).toBe(FAILING_REASON);
    expect(over.delivery).toEqual({ status: "failed", nextAttemptAt: null });
  });

  it("treats a replay as one extra attempt: success settles, failure leaves the schedule alone", () => {
    const replay = { ...base, replay: true, deliveryStatus: "failed" as const };
    expect(planAfterAttempt({ ...replay, statusCode: 200 }).delivery).toEqual({
      status: "succeeded",
      nextAttemptAt: null,
    });
    expect(planAfterAttempt(replay).delivery).toBeNull();
    expect(planAfterAttempt(replay).endpoint.failingSince).toEqual(now);
    const goneAfterSuccess = planAfterAttempt({
      ...replay,
      deliveryStatus: "succeeded",
      statusCode: 410,
    });
    expect(goneAfterSuccess.delivery).toBeNull();
    expect(goneAfterSuccess.endpoint.disable).toBe(GONE_REASON);
  });
});
