import type { SendingDay } from "@/lib/emails/sending-by-day";

export type RateKey = "openRate" | "clickRate" | "bounceRate" | "complaintRate";
/** The rates in the order the overview shows them, with their chart colours. */
export const RATES: { key: RateKey; label: string; color: string }[] = [
  { key: "openRate", label: "Open rate", color: "#6366f1" },
  { key: "clickRate", label: "Click rate", color: "#10b981" },
  { key: "bounceRate", label: "Bounce rate", color: "#f59e0b" },
  { key: "complaintRate", label: "Complaint rate", color: "#ef4444" },
];

export type DayPoint = { at: number; sent: number } & Record<RateKey, number | null>;
export type SendingTotals = { sent: number } & Record<RateKey, number | null>;

/**
 * How the rates can be drawn: `none` (nothing delivered yet), `single` (one day with
 * deliveries: a line chart would be a lone dot, so the figures are shown instead), `line`.
 */
export type RateShape = "none" | "single" | "line";
export type SendingSeries = {
  points: DayPoint[];
  totals: SendingTotals;
  rateShape: RateShape;
};

const DAY = 86_400_000;

/** Opens, clicks and complaints are shares of delivered email; bounces of sent email. */
function rates(day: Omit<SendingDay, "day">): Record<RateKey, number | null> {
  const ofDelivered = (n: number) => (day.delivered > 0 ? Math.min(n / day.delivered, 1) : null);
  return {
    openRate: ofDelivered(day.opened),
    clickRate: ofDelivered(day.clicked),
    complaintRate: ofDelivered(day.complained),
    bounceRate: day.sent > 0 ? Math.min(day.bounced / day.sent, 1) : null,
  };
}

/**
 * The sparse per-day rows of the overview as `days` consecutive UTC days ending today: days
 * without email are zero sends and no rate (null, a gap, never a 0 % that did not happen).
 */
export function sendingSeries(
  rows: readonly SendingDay[],
  today: Date,
  days: number,
): SendingSeries {
  const end = Math.floor(today.getTime() / DAY) * DAY;
  const byDay = new Map(rows.map((r) => [Date.parse(`${r.day}T00:00:00.000Z`), r]));
  const zero = { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0 };
  const sum = { ...zero };
  const points: DayPoint[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const at = end - i * DAY;
    const row = byDay.get(at) ?? zero;
    for (const key of Object.keys(sum) as (keyof typeof zero)[]) sum[key] += row[key];
    points.push({ at, sent: row.sent, ...rates(row) });
  }
  const withRates = points.filter((p) => p.openRate !== null).length;
  return {
    points,
    totals: { sent: sum.sent, ...rates(sum) },
    rateShape: withRates === 0 ? "none" : withRates === 1 ? "single" : "line",
  };
}
