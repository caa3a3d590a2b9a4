import type { BreakerTrip } from "@/db/schema";

/** A project's circuit-breaker settings: rates in percent, and the sends needed to judge. */
export type BreakerThresholds = {
  bounceRateThreshold: number;
  complaintRateThreshold: number;
  breakerMinimumSends: number;
};

export const DEFAULT_THRESHOLDS: BreakerThresholds = {
  bounceRateThreshold: 5,
  complaintRateThreshold: 0.3,
  breakerMinimumSends: 200,
};

/** What a campaign's or automation's window of recent sends came to. */
export type SendTally = { sends: number; bounced: number; complained: number };

export type BreakerReason = "bounce_rate" | "complaint_rate";
export type BreakerVerdict = BreakerTrip & { reason: BreakerReason };

/**
 * Whether the sends trip the breaker: only once there are at least the minimum number, and only
 * when a rate is strictly above its threshold (hard bounces first: they are the likelier cause).
 * Compared as count × 100 against threshold × sends, with a tolerance for thresholds such as
 * 0.3 that binary floating point cannot hold, so 10 bounces in 200 sends is 5 %, not over it.
 */
export function judgeSends(tally: SendTally, thresholds: BreakerThresholds): BreakerVerdict | null {
  const { sends, bounced, complained } = tally;
  if (sends <= 0 || sends < thresholds.breakerMinimumSends) return null;
  const over = (count: number, thresholdPercent: number) =>
    count * 100 - thresholdPercent * sends > 1e-9 * sends;
  const rates = { bounceRate: bounced / sends, complaintRate: complained / sends, sends };
  if (over(bounced, thresholds.bounceRateThreshold)) {
    return { reason: "bounce_rate", threshold: thresholds.bounceRateThreshold, ...rates };
  }
  if (over(complained, thresholds.complaintRateThreshold)) {
    return { reason: "complaint_rate", threshold: thresholds.complaintRateThreshold, ...rates };
  }
  return null;
}

/** "7.2 %": one decimal, two under 1 % (complaint rates live there), no trailing zeros. */
export function formatPercent(percent: number): string {
  const digits = percent < 1 ? 2 : 1;
  return `${Number(percent.toFixed(digits))} %`;
}

/** The sentence the dashboard, the API and the webhook give for a pause. */
export function describeTrip(reason: BreakerReason, trip: BreakerTrip): string {
  const emails = `${trip.sends.toLocaleString("en-US")} email${trip.sends === 1 ? "" : "s"}`;
  const threshold = formatPercent(trip.threshold);
  return reason === "bounce_rate"
    ? `${formatPercent(trip.bounceRate * 100)} of the last ${emails} hard-bounced (threshold ${threshold}).`
    : `${formatPercent(trip.complaintRate * 100)} of the last ${emails} were reported as spam (threshold ${threshold}).`;
}
