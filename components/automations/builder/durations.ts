/** Minutes as people say them: "3 days", "2 weeks", "90 minutes". */
export const TIME_UNITS = [
  { value: "minutes", minutes: 1, one: "minute", many: "minutes" },
  { value: "hours", minutes: 60, one: "hour", many: "hours" },
  { value: "days", minutes: 1440, one: "day", many: "days" },
  { value: "weeks", minutes: 10080, one: "week", many: "weeks" },
] as const;
export type TimeUnit = (typeof TIME_UNITS)[number]["value"];

const unitOf = (unit: TimeUnit) => TIME_UNITS.find((u) => u.value === unit)!;

/** The largest unit that divides the minutes evenly (90 → 90 minutes, 4320 → 3 days). */
export function splitMinutes(total: number): { amount: number; unit: TimeUnit } {
  for (const unit of [...TIME_UNITS].reverse()) {
    if (total > 0 && Number.isInteger(total) && total % unit.minutes === 0) {
      return { amount: total / unit.minutes, unit: unit.value };
    }
  }
  return { amount: total, unit: "minutes" };
}

export function formatDuration(total: number): string {
  const { amount, unit } = splitMinutes(total);
  const names = unitOf(unit);
  return `${amount.toLocaleString("en-US")} ${amount === 1 ? names.one : names.many}`;
}

/**
 * What an amount typed in a unit is in minutes; undefined when nothing usable was typed. A
 * fraction that does not come to whole minutes stays fractional, so validation can say so.
 */
export function toMinutes(amount: string, unit: TimeUnit): number | undefined {
  const text = amount.trim();
  if (text === "") return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  // 1.1 hours is 66 minutes, not 66.00000000000001.
  return Math.round(value * unitOf(unit).minutes * 1e6) / 1e6;
}
