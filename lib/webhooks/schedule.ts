import type { Config } from "@/lib/core/config";

/**
 * When to try a failed delivery again: the Standard Webhooks schedule (delays after attempt 1, 2,
 * …), ±10% jitter so a receiver that was down is not hit by every retry at the same instant, and
 * `Retry-After` for the statuses where a receiver may ask for a delay.
 */
export const RETRY_SCHEDULE_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  24 * 3600,
] as const;

export const JITTER = 0.1;
export const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/**
 * RFC 9110 defines Retry-After for 503; 429 (RFC 6585), 502 and 504 are the other statuses
 * DECISIONS §6 names. Any other status follows the schedule.
 */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** The base schedule; `WEBHOOK_RETRY_SCHEDULE_SECONDS="1,1,1"` shortens it (tests, staging). */
export function retryScheduleSeconds(
  config: Pick<Config, "webhookRetryScheduleSeconds">,
): readonly number[] {
  return config.webhookRetryScheduleSeconds ?? RETRY_SCHEDULE_SECONDS;
}

/**
 * Delay before the attempt after `attemptNumber` (1-based) failed, or null when that was the
 * last one. `random` is injectable so tests can pin the jitter.
 */
export function retryDelayMs(
  attemptNumber: number,
  schedule: readonly number[],
  random: () => number = Math.random,
): number | null {
  const base = schedule[attemptNumber - 1];
  if (base === undefined) return null;
  const factor = 1 + (random() * 2 - 1) * JITTER;
  return Math.round(base * 1000 * factor);
}

/**
 * `Retry-After` as a delay in ms: delta-seconds or an HTTP date (relative to `now`), capped at
 * 24 h; null when absent or unparseable (the schedule applies then).
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  let delay: number;
  if (/^\d+$/.test(text)) {
    delay = Number(text) * 1000;
  } else {
    const date = Date.parse(text);
    // Only the HTTP-date form (IMF-fixdate and friends) is meaningful; bare numbers like "1.5" are not.
    if (Number.isNaN(date) || !/[a-z]/i.test(text)) return null;
    delay = date - now.getTime();
  }
  return Math.min(Math.max(delay, 0), MAX_RETRY_AFTER_MS);
}
