import { RETRY_AFTER_STATUSES, parseRetryAfter, retryDelayMs } from "./schedule";

/** DECISIONS §6: an endpoint whose deliveries have all failed for 3 days is disabled. */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 3600 * 1000;
export const GONE_REASON = "the endpoint answered 410 Gone";
export const FAILING_REASON = "every delivery failed for more than 3 days";

export type DeliveryStatus = "pending" | "succeeded" | "failed";

export type PlanInput = {
  statusCode: number | null;
  retryAfter: string | null;
  /** 1-based number of the scheduled attempt that was just made (ignored for replays). */
  attemptNumber: number;
  replay: boolean;
  deliveryStatus: DeliveryStatus;
  failingSince: Date | null;
  now: Date;
  schedule: readonly number[];
  random?: () => number;
};

export type Plan = {
  /** New delivery state, or null to leave it as it is. */
  delivery: { status: DeliveryStatus; nextAttemptAt: Date | null } | null;
  endpoint: { failingSince: Date | null; disable: string | null };
};

export function isSuccessStatus(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

/**
 * What follows an attempt. Success settles the delivery and ends the endpoint's failure streak.
 * A failure starts (or continues) the streak; 410 or a streak over 3 days disables the endpoint
 * and fails the delivery; otherwise a scheduled attempt is followed by the next one on the
 * schedule (or by `Retry-After` where honoured) until the schedule runs out. A replay is one
 * extra attempt: on failure it leaves the delivery's own schedule alone.
 */
export function planAfterAttempt(input: PlanInput): Plan {
  const { now } = input;
  if (isSuccessStatus(input.statusCode)) {
    return {
      delivery: { status: "succeeded", nextAttemptAt: null },
      endpoint: { failingSince: null, disable: null },
    };
  }
  const failingSince = input.failingSince ?? now;
  const disable =
    input.statusCode === 410
      ? GONE_REASON
      : now.getTime() - failingSince.getTime() > DISABLE_AFTER_FAILING_MS
        ? FAILING_REASON
        : null;
  const endpoint = { failingSince, disable };
  if (disable) {
    const settled = input.deliveryStatus === "succeeded";
    return { delivery: settled ? null : { status: "failed", nextAttemptAt: null }, endpoint };
  }
  if (input.replay) return { delivery: null, endpoint };

  const scheduled = retryDelayMs(input.attemptNumber, input.schedule, input.random);
  if (scheduled === null) return { delivery: { status: "failed", nextAttemptAt: null }, endpoint };
  const asked =
    input.statusCode !== null && RETRY_AFTER_STATUSES.has(input.statusCode)
      ? parseRetryAfter(input.retryAfter, now)
      : null;
  const delay = asked ?? scheduled;
  return {
    delivery: { status: "pending", nextAttemptAt: new Date(now.getTime() + delay) },
    endpoint,
  };
}
