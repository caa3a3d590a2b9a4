import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS, describeTrip, formatPercent, judgeSends } from "@/lib/breaker/judge";
import { sinceBaseline } from "@/lib/deliverability/check-breakers";

describe("judgeSends", () => {
  it("never trips below the minimum number of sends", () => {
    expect(judgeSends({ sends: 199, bounced: 199, complained: 199 }, DEFAULT_THRESHOLDS)).toBe(
      null,
    );
    expect(judgeSends({ sends: 0, bounced: 0, complained: 0 }, DEFAULT_THRESHOLDS)).toBe(null);
  });

  it("trips only past a threshold, not at it", () => {
    expect(judgeSends({ sends: 200, bounced: 10, complained: 0 }, DEFAULT_THRESHOLDS)).toBe(null);
    expect(judgeSends({ sends: 200, bounced: 11, complained: 0 }, DEFAULT_THRESHOLDS)).toEqual({
      reason: "bounce_rate",
      bounceRate: 0.055,
      complaintRate: 0,
      sends: 200,
      threshold: 5,
    });
    // 0.3 % of 1,000 is 3 complaints: 3 stays, 4 trips (no floating-point surprise at 0.3).
    expect(judgeSends({ sends: 1000, bounced: 0, complained: 3 }, DEFAULT_THRESHOLDS)).toBe(null);
    expect(judgeSends({ sends: 1000, bounced: 0, complained: 4 }, DEFAULT_THRESHOLDS)?.reason).toBe(
      "complaint_rate",
    );
  });

  it("names bounces first when both rates are over", () => {
    expect(
      judgeSends({ sends: 200, bounced: 20, complained: 20 }, DEFAULT_THRESHOLDS)?.reason,
    ).toBe("bounce_rate");
  });

  it("uses the project's thresholds", () => {
    const lenient = { bounceRateThreshold: 50, complaintRateThreshold: 5, breakerMinimumSends: 10 };
    expect(judgeSends({ sends: 10, bounced: 5, complained: 0 }, lenient)).toBe(null);
    expect(judgeSends({ sends: 10, bounced: 6, complained: 0 }, lenient)?.threshold).toBe(50);
  });
});

describe("sinceBaseline", () => {
  it("judges only what came after the resume", () => {
    expect(
      sinceBaseline(
        { sends: 500, bounced: 40, complained: 1 },
        { sends: 300, bounced: 30, complained: 1 },
      ),
    ).toEqual({ sends: 200, bounced: 10, complained: 0 });
    expect(sinceBaseline({ sends: 5, bounced: 1, complained: 0 }, null)).toEqual({
      sends: 5,
      bounced: 1,
      complained: 0,
    });
  });
});

describe("describeTrip", () => {
  it("says what happened in a sentence", () => {
    expect(
      describeTrip("bounce_rate", {
        bounceRate: 0.072,
        complaintRate: 0,
        sends: 250,
        threshold: 5,
      }),
    ).toBe("7.2 % of the last 250 emails hard-bounced (threshold 5 %).");
    expect(
      describeTrip("complaint_rate", {
        bounceRate: 0,
        complaintRate: 0.0045,
        sends: 2000,
        threshold: 0.3,
      }),
    ).toBe("0.45 % of the last 2,000 emails were reported as spam (threshold 0.3 %).");
    expect(formatPercent(12.345)).toBe("12.3 %");
  });
});
