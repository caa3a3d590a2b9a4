"use client";

import { useMemo } from "react";
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ActivityBucket } from "@/lib/campaigns/report/activity";
import { formatCount } from "@/lib/web/dashboard/format";
import { activitySeries, runningTotals, type SeriesPoint } from "./activity-series";
import { ChartSwatch } from "@/components/ui/chart-swatch";

const SERIES = [
  { key: "delivered", label: "Delivered", color: "#a1a1aa" },
  { key: "opened", label: "Opened", color: "#6366f1" },
  { key: "clicked", label: "Clicked", color: "#10b981" },
] as const;

const hourTick = new Intl.DateTimeFormat(undefined, { hour: "numeric" });
const dayTick = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
const hourFull = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * How many emails were delivered, opened and clicked so far, hour by hour (day by day past three
 * days), in the viewer's time zone. The chart draws in the browser only (it measures its box), so server and client
 * markup agree.
 */
export function ActivityChart({ activity, until }: { activity: ActivityBucket[]; until?: Date }) {
  const series = useMemo(() => {
    const series = activitySeries(activity, until);
    return { unit: series.unit, points: runningTotals(series) };
  }, [activity, until]);
  const tick = series.unit === "day" ? dayTick : hourTick;

  if (series.points.length === 0) {
    return (
      <div className="grid h-64 place-items-center px-6 text-center text-[13px] text-zinc-500">
        Deliveries, opens and clicks show here as they happen.
      </div>
    );
  }
  return (
    <div className="px-2 pt-4 pb-2 sm:px-4">
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 px-3 text-xs text-zinc-600">
        {SERIES.map((s) => (
          <li key={s.key}>
            <ChartSwatch color={s.color} label={s.label} />
          </li>
        ))}
      </ul>
      <div
        role="img"
        aria-label={`Deliveries, opens and clicks so far, ${series.unit === "day" ? "by day" : "by hour"}`}
        className="h-64"
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={series.points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <defs>
              {SERIES.map((s) => (
                <linearGradient key={s.key} id={`fill-${s.key}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={s.color} stopOpacity={0.25} />
                  <stop offset="100%" stopColor={s.color} stopOpacity={0} />
                </linearGradient>
              ))}
            </defs>
            <CartesianGrid vertical={false} stroke="#f4f4f5" />
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={["dataMin", "dataMax"]}
              tickFormatter={(at: number) => tick.format(at)}
              tick={{ fontSize: 11, fill: "#71717a" }}
              tickLine={false}
              axisLine={{ stroke: "#e4e4e7" }}
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              width={40}
              tick={{ fontSize: 11, fill: "#71717a" }}
              tickLine={false}
              axisLine={false}
              tickFormatter={(n: number) => formatCount(n)}
            />
            <Tooltip
              content={({ active, payload }) => (
                <ChartTooltip active={active} payload={payload} unit={series.unit} />
              )}
              cursor={{ stroke: "#d4d4d8" }}
            />
            {SERIES.map((s) => (
              <Area
                key={s.key}
                type="monotoneX"
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                fill={`url(#fill-${s.key})`}
                isAnimationActive={false}
                dot={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

function ChartTooltip({
  active,
  payload,
  unit,
}: {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  unit: "hour" | "day";
}) {
  const point = payload?.[0]?.payload as SeriesPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-zinc-200">
      <p className="mb-1 font-medium text-zinc-900">
        {unit === "day" ? dayTick.format(point.at) : hourFull.format(point.at)}
      </p>
      {SERIES.map((s) => (
        <p key={s.key} className="flex items-center justify-between gap-4 text-zinc-600">
          <ChartSwatch color={s.color} label={s.label} />
          <span className="font-medium text-zinc-900 tabular-nums">
            {formatCount(point[s.key])}
          </span>
        </p>
      ))}
    </div>
  );
}
