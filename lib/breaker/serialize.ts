import { z } from "zod";
import type { BreakerTrip } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";
import { describeTrip, type BreakerReason } from "./judge";

type Paused = {
  pausedReason: BreakerReason | null;
  pausedAt: Date | null;
  pauseStats: BreakerTrip | null;
};

export const PauseResponse = z.strictObject({
  reason: z.enum(["bounce_rate", "complaint_rate"]),
  message: z.string(),
  bounce_rate: z.number(),
  complaint_rate: z.number(),
  sends: z.number().int(),
  threshold_percent: z.number(),
  paused_at: Timestamp.nullable(),
});
export type PauseResource = z.infer<typeof PauseResponse>;

/** `paused` on a campaign or automation resource: why the circuit breaker stopped it, or null. */
export function serializePause(row: Paused): PauseResource | null {
  if (!row.pausedReason || !row.pauseStats) return null;
  return {
    reason: row.pausedReason,
    message: describeTrip(row.pausedReason, row.pauseStats),
    ...rates(row.pauseStats),
    paused_at: iso(row.pausedAt),
  };
}

/** The data of a `campaign.paused` / `automation.paused` webhook. */
export function pauseWebhookData(
  subject: { id: string; name: string },
  verdict: BreakerTrip & { reason: BreakerReason },
  now: Date,
) {
  return {
    id: subject.id,
    name: subject.name,
    reason: verdict.reason,
    message: describeTrip(verdict.reason, verdict),
    ...rates(verdict),
    paused_at: iso(now),
  };
}

/** Rates as fractions (like a campaign's open_rate), the threshold in percent (like the setting). */
function rates(trip: BreakerTrip) {
  return {
    bounce_rate: Number(trip.bounceRate.toFixed(4)),
    complaint_rate: Number(trip.complaintRate.toFixed(4)),
    sends: trip.sends,
    threshold_percent: trip.threshold,
  };
}
