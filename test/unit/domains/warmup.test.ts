import { describe, expect, it } from "vitest";
import { WARMUP_DAILY_CAPS, WARMUP_DAYS, warmupDay } from "@/lib/domains/warmup";

const verifiedAt = new Date("2026-06-01T15:30:00Z");
const at = (iso: string) => new Date(iso);

describe("warmupDay", () => {
  it("starts at the first cap on the day the domain was verified (UTC days)", () => {
    const day = warmupDay({ warmup: true, verifiedAt }, at("2026-06-01T23:59:00Z"));
    expect(day).toMatchObject({ day: 1, cap: WARMUP_DAILY_CAPS[0], date: "2026-06-01" });
    expect(day!.nextDayAt.toISOString()).toBe("2026-06-02T00:00:00.000Z");
  });

  it("grows day by day and ends after the schedule", () => {
    expect(warmupDay({ warmup: true, verifiedAt }, at("2026-06-02T00:00:00Z"))!.cap).toBe(
      WARMUP_DAILY_CAPS[1],
    );
    const last = new Date(verifiedAt.getTime() + (WARMUP_DAYS - 1) * 86_400_000);
    expect(warmupDay({ warmup: true, verifiedAt }, last)!.day).toBe(WARMUP_DAYS);
    const after = new Date(verifiedAt.getTime() + WARMUP_DAYS * 86_400_000);
    expect(warmupDay({ warmup: true, verifiedAt }, after)).toBeNull();
    for (let i = 1; i < WARMUP_DAILY_CAPS.length; i++)
      expect(WARMUP_DAILY_CAPS[i]).toBeGreaterThan(WARMUP_DAILY_CAPS[i - 1]!);
  });

  it("does nothing when switched off or before verification", () => {
    expect(warmupDay({ warmup: false, verifiedAt }, verifiedAt)).toBeNull();
    expect(warmupDay({ warmup: true, verifiedAt: null }, verifiedAt)).toBeNull();
  });
});
