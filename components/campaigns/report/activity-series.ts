import type { ActivityBucket } from "@/lib/campaigns/report/activity";

export type SeriesPoint = { at: number; delivered: number; opened: number; clicked: number };
export type Series = { unit: "hour" | "day"; points: SeriesPoint[] };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Past three days, hours are too thin to read: the chart switches to days. */
const MAX_HOURS = 72;
/** The chart covers at most this many days from the first delivery (later stragglers are summed in the last day). */
const MAX_DAYS = 60;

/**
 * The sparse hourly buckets of the activity service as a continuous series, from the first
 * bucket to the last (or to `until`, the current hour while the campaign is still going):
 * hours without activity are zeros, so the line does not jump across gaps.
 */
export function activitySeries(buckets: readonly ActivityBucket[], until?: Date): Series {
  if (buckets.length === 0) return { unit: "hour", points: [] };
  const start = Date.parse(buckets[0]!.hour);
  const lastBucket = Date.parse(buckets.at(-1)!.hour);
  const end = Math.max(lastBucket, until ? Math.floor(until.getTime() / HOUR) * HOUR : 0);
  const unit = (end - start) / HOUR + 1 > MAX_HOURS ? "day" : "hour";
  const size = unit === "day" ? DAY : HOUR;
  const first = Math.floor(start / size) * size;
  const count = Math.min(Math.floor((end - first) / size) + 1, MAX_DAYS);
  const points: SeriesPoint[] = Array.from({ length: count }, (_, i) => ({
    at: first + i * size,
    delivered: 0,
    opened: 0,
    clicked: 0,
  }));
  for (const bucket of buckets) {
    const index = Math.min(Math.floor((Date.parse(bucket.hour) - first) / size), count - 1);
    const point = points[index]!;
    point.delivered += bucket.delivered;
    point.opened += bucket.opened;
    point.clicked += bucket.clicked;
  }
  return { unit, points };
}

/**
 * Running totals: how many were delivered, opened and clicked by the end of each bucket,
 * starting from zero at the first bucket's start. Totals read at a glance against the cards
 * (the last point equals them), where hourly counts would be dwarfed by the burst of
 * deliveries in the first hour; and starting at zero means one bucket of activity draws a
 * rising line, never a lone dot.
 */
export function runningTotals(series: Series): SeriesPoint[] {
  const { unit, points } = series;
  if (points.length === 0) return [];
  const size = unit === "day" ? DAY : HOUR;
  const total = { delivered: 0, opened: 0, clicked: 0 };
  const start: SeriesPoint = { at: points[0]!.at, ...total };
  return [
    start,
    ...points.map((point) => {
      total.delivered += point.delivered;
      total.opened += point.opened;
      total.clicked += point.clicked;
      return { at: point.at + size, ...total };
    }),
  ];
}
