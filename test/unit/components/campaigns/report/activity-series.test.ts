import { describe, expect, it } from "vitest";
import { activitySeries, runningTotals } from "@/components/campaigns/report/activity-series";

const bucket = (hour: string, delivered = 0, opened = 0, clicked = 0) => ({
  hour,
  delivered,
  opened,
  clicked,
});

describe("campaign activity series", () => {
  it("is empty without activity", () => {
    expect(activitySeries([])).toEqual({ unit: "hour", points: [] });
  });

  it("fills the hours between buckets with zeros", () => {
    const series = activitySeries([
      bucket("2026-06-01T09:00:00Z", 10, 2),
      bucket("2026-06-01T12:00:00Z", 0, 3, 1),
    ]);
    expect(series.unit).toBe("hour");
    expect(series.points.map((p) => [new Date(p.at).toISOString(), p.opened])).toEqual([
      ["2026-06-01T09:00:00.000Z", 2],
      ["2026-06-01T10:00:00.000Z", 0],
      ["2026-06-01T11:00:00.000Z", 0],
      ["2026-06-01T12:00:00.000Z", 3],
    ]);
  });

  it("runs on to the current hour while the campaign is still going", () => {
    const series = activitySeries(
      [bucket("2026-06-01T09:00:00Z", 1)],
      new Date("2026-06-01T10:40:00Z"),
    );
    expect(series.points).toHaveLength(2);
  });

  it("switches to days past three days and sums each day", () => {
    const series = activitySeries([
      bucket("2026-06-01T09:00:00Z", 5, 1),
      bucket("2026-06-01T20:00:00Z", 0, 2),
      bucket("2026-06-05T08:00:00Z", 0, 1, 1),
    ]);
    expect(series.unit).toBe("day");
    expect(series.points).toHaveLength(5);
    expect(series.points[0]).toMatchObject({ delivered: 5, opened: 3 });
    expect(series.points[4]).toMatchObject({ opened: 1, clicked: 1 });
  });

  it("sums late stragglers into the last day it shows", () => {
    const series = activitySeries([
      bucket("2026-01-01T00:00:00Z", 1),
      bucket("2026-06-01T00:00:00Z", 0, 1),
    ]);
    expect(series.points).toHaveLength(60);
    expect(series.points.at(-1)!.opened).toBe(1);
  });

  it("adds up to running totals from zero, each at the end of its bucket", () => {
    const series = activitySeries([
      bucket("2026-06-01T09:00:00Z", 10, 2),
      bucket("2026-06-01T11:00:00Z", 1, 3, 1),
    ]);
    const totals = runningTotals(series);
    expect(totals.map((p) => [p.delivered, p.opened, p.clicked])).toEqual([
      [0, 0, 0],
      [10, 2, 0],
      [10, 2, 0],
      [11, 5, 1],
    ]);
    expect(new Date(totals[0]!.at).toISOString()).toBe("2026-06-01T09:00:00.000Z");
    expect(new Date(totals.at(-1)!.at).toISOString()).toBe("2026-06-01T12:00:00.000Z");
  });

  it("draws one hour of activity as a line from zero, not a lone dot", () => {
    const totals = runningTotals(activitySeries([bucket("2026-06-01T09:00:00Z", 902, 40, 3)]));
    expect(totals).toHaveLength(2);
    expect(totals[0]!.delivered).toBe(0);
    expect(totals[1]!.delivered).toBe(902);
  });

  it("has no points without activity", () => {
    expect(runningTotals(activitySeries([]))).toEqual([]);
  });
});
