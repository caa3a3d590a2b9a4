/** Time is injected so tests can move it (fake clock for delays, schedules, expiry). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export type FakeClock = Clock & { advance(ms: number): void; set(d: Date): void };

export function fixedClock(start: Date | string): FakeClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}
