/**
 * Pacing by feedback (AIMD, as TCP does for congestion): a destination is sent to as fast as the
 * pipeline goes until it answers "too fast" (an SMTP 421 / 4.7.x, a provider's 429 or 454
 * Throttling). Then its rate drops to half of what it was taking, its mail pauses a moment, and
 * the rate grows back by a small step per second of sending without complaint. A destination
 * quiet for RELEASE_MS is forgotten: it is open again. Slots are handed out in order (virtual
 * scheduling), so mail that has to wait knows exactly when it may go.
 *
 * Pure: every call takes the time; the caller keeps one `Pacer` per process (lib/start).
 */

/** Never slower than one message every 10 s: a receiver that throttles still gets some mail. */
export const MIN_RATE_PER_SECOND = 0.1;
/** After a throttling answer the destination takes nothing for this long. */
export const THROTTLE_PAUSE_MS = 5_000;
/**
 * Answers arriving within this long of a decrease are the same episode (the messages in flight
 * when the receiver started refusing): one halving, not one per message.
 */
const DECREASE_GUARD_MS = 2_000;
/** Rate regained per second of sending without a throttling answer (additive increase). */
const INCREASE_PER_SECOND = 0.2;
/** Successes counted over this window give the rate the destination was taking. */
const MEASURE_WINDOW_MS = 10_000;
/** A destination that has not throttled for this long is unpaced again. */
export const RELEASE_MS = 15 * 60_000;

type DestinationPace = {
  /** Messages per second allowed; null: no limit (no complaint recently). */
  rate: number | null;
  /** Earliest start of the next message (ms). */
  nextSlotAt: number;
  lastDecreaseAt: number;
  lastIncreaseAt: number;
  lastThrottleAt: number;
  /** The receiver's last throttling answer: why its mail waits. */
  reason: string;
  /** Successful sends in the current measuring window, and when it began. */
  windowStart: number;
  windowCount: number;
};

export type PaceSnapshot = { key: string; rate: number | null; reason: string; until: number };

export class Pacer {
  private readonly destinations = new Map<string, DestinationPace>();

  /**
   * Takes the next slot of each key (the receiver, the provider) and says how long to wait for
   * the latest of them: 0 to go now. An unpaced key costs nothing.
   */
  reserve(keys: string[], now: number): number {
    let start = now;
    const paced: DestinationPace[] = [];
    for (const key of keys) {
      const pace = this.current(key, now);
      if (!pace || pace.rate === null) continue;
      paced.push(pace);
      start = Math.max(start, pace.nextSlotAt);
    }
    // Every key's slot is the same instant: the message goes when all of them allow it.
    for (const pace of paced) pace.nextSlotAt = start + 1000 / pace.rate!;
    return start - now;
  }

  /** A message reached the destination: counted for the rate, and the rate grows back. */
  succeeded(key: string, now: number) {
    const pace = this.destinations.get(key) ?? fresh(now);
    this.destinations.set(key, pace);
    if (now - pace.windowStart > MEASURE_WINDOW_MS) {
      pace.windowStart = now;
      pace.windowCount = 0;
    }
    pace.windowCount++;
    if (pace.rate !== null) {
      const seconds = Math.min(now - pace.lastIncreaseAt, 1_000) / 1000;
      if (seconds > 0) pace.rate += INCREASE_PER_SECOND * seconds;
      pace.lastIncreaseAt = now;
    }
  }

  /** The destination said "too fast": half the rate it was taking, and a pause. */
  throttled(key: string, reason: string, now: number) {
    const pace = this.destinations.get(key) ?? fresh(now);
    this.destinations.set(key, pace);
    pace.reason = reason;
    pace.lastThrottleAt = now;
    if (pace.rate !== null && now - pace.lastDecreaseAt < DECREASE_GUARD_MS) return;
    const measured = pace.windowCount / (Math.max(now - pace.windowStart, 1_000) / 1000);
    const taking = pace.rate === null ? measured : Math.min(pace.rate, Math.max(measured, 0));
    pace.rate = Math.max(MIN_RATE_PER_SECOND, taking / 2);
    pace.lastDecreaseAt = now;
    pace.lastIncreaseAt = now + THROTTLE_PAUSE_MS;
    pace.nextSlotAt = Math.max(pace.nextSlotAt, now + THROTTLE_PAUSE_MS);
    pace.windowStart = now;
    pace.windowCount = 0;
  }

  /** Destinations paced now, for logs and the dashboard. */
  snapshot(now: number): PaceSnapshot[] {
    const out: PaceSnapshot[] = [];
    for (const key of [...this.destinations.keys()]) {
      const pace = this.current(key, now);
      if (pace?.rate != null) {
        out.push({ key, rate: pace.rate, reason: pace.reason, until: pace.nextSlotAt });
      }
    }
    return out;
  }

  /** The key's pace, forgetting it once it has been quiet for RELEASE_MS. */
  private current(key: string, now: number): DestinationPace | undefined {
    const pace = this.destinations.get(key);
    if (pace && pace.rate !== null && now - pace.lastThrottleAt > RELEASE_MS) {
      this.destinations.delete(key);
      return undefined;
    }
    // Unpaced keys only measure; keep the map from growing with every domain ever seen.
    if (pace && pace.rate === null && now - pace.windowStart > MEASURE_WINDOW_MS * 6) {
      this.destinations.delete(key);
      return undefined;
    }
    return pace;
  }
}

function fresh(now: number): DestinationPace {
  return {
    rate: null,
    nextSlotAt: now,
    lastDecreaseAt: 0,
    lastIncreaseAt: now,
    lastThrottleAt: 0,
    reason: "",
    windowStart: now,
    windowCount: 0,
  };
}
