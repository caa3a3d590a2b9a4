"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatCount } from "@/lib/web/dashboard/format";
import { formatRate } from "../campaigns/format";
import { RATES, type DayPoint, type RateShape, type SendingTotals } from "./sending-series";
import { ChartSwatch } from "@/components/ui/chart-swatch";

const dayTick = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const axis = { fontSize: 11, fill: "#71717a" };

/**
 * Emails sent per day as bars (a single day is a bar, not a lone dot) and the daily rates as
 * lines over the days that had deliveries; with only one such day the rates are figures instead.
 */
export function SendingCharts({
  points,
  rateShape,
  totals,
}: {
  points: DayPoint[];
  rateShape: RateShape;
  totals: SendingTotals;
}) {
  return (
    <div className="grid gap-6 px-2 pt-4 pb-3 sm:px-4 lg:grid-cols-2">
      <figure className="min-w-0">
        <figcaption className="mb-2 px-3 text-xs font-medium text-zinc-600">
          Emails sent per day
        </figcaption>
        <div role="img" aria-label="Emails sent per day, last 30 days" className="h-52">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid vertical={false} stroke="#f4f4f5" />
              <XAxis
                dataKey="at"
                tickFormatter={(at: number) => dayTick.format(at)}
                tick={axis}
                tickLine={false}
                axisLine={{ stroke: "#e4e4e7" }}
                minTickGap={24}
              />
              <YAxis
                allowDecimals={false}
                width={40}
                tick={axis}
                tickLine={false}
                axisLine={false}
                tickFormatter={(n: number) => formatCount(n)}
              />
              <Tooltip
                cursor={{ fill: "#f4f4f5" }}
                content={({ active, payload }) => {
                  const point = payload?.[0]?.payload as DayPoint | undefined;
                  if (!active || !point) return null;
                  return (
                    <TooltipBox title={dayTick.format(point.at)}>
                      <TooltipRow label="Sent" color="#18181b" value={formatCount(point.sent)} />
                    </TooltipBox>
                  );
                }}
              />
              <Bar dataKey="sent" fill="#18181b" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="min-w-0">
        <figcaption className="mb-2 flex flex-wrap gap-x-4 gap-y-1 px-3 text-xs text-zinc-600">
          {RATES.map((r) => (
            <ChartSwatch key={r.key} color={r.color} label={r.label} />
          ))}
        </figcaption>
        {rateShape === "line" ? (
          <div
            role="img"
            aria-label="Open, click, bounce and complaint rates per day"
            className="h-52"
          >
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points} margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
                <CartesianGrid vertical={false} stroke="#f4f4f5" />
                <XAxis
                  dataKey="at"
                  type="number"
                  scale="time"
                  domain={["dataMin", "dataMax"]}
                  tickFormatter={(at: number) => dayTick.format(at)}
                  tick={axis}
                  tickLine={false}
                  axisLine={{ stroke: "#e4e4e7" }}
                  minTickGap={24}
                />
                <YAxis
                  width={40}
                  domain={[0, 1]}
                  tick={axis}
                  tickLine={false}
                  axisLine={false}
                  tickFormatter={(n: number) => formatRate(n)}
                />
                <Tooltip
                  cursor={{ stroke: "#d4d4d8" }}
                  content={({ active, payload }) => {
                    const point = payload?.[0]?.payload as DayPoint | undefined;
                    if (!active || !point) return null;
                    return (
                      <TooltipBox title={dayTick.format(point.at)}>
                        {RATES.map((r) => (
                          <TooltipRow
                            key={r.key}
                            label={r.label}
                            color={r.color}
                            value={point[r.key] === null ? "—" : formatRate(point[r.key]!)}
                          />
                        ))}
                      </TooltipBox>
                    );
                  }}
                />
                {RATES.map((r) => (
                  <Line
                    key={r.key}
                    type="monotoneX"
                    dataKey={r.key}
                    name={r.label}
                    stroke={r.color}
                    strokeWidth={2}
                    // Days without deliveries have no rate: the line joins the days that do.
                    connectNulls
                    dot={{ r: 2.5, strokeWidth: 0, fill: r.color }}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
        ) : (
          <div className="grid h-52 content-center gap-3 px-3">
            <p className="text-[13px] text-zinc-500">
              {rateShape === "single"
                ? "One day of deliveries so far: the rates chart appears after the second."
                : "Rates appear once emails are delivered."}
            </p>
            {rateShape === "single" && (
              <dl className="grid grid-cols-2 gap-2">
                {RATES.map((r) => (
                  <div
                    key={r.key}
                    className="rounded-lg bg-zinc-50 px-3 py-2 ring-1 ring-zinc-200/70"
                  >
                    <dt className="text-xs text-zinc-500">{r.label}</dt>
                    <dd className="text-sm font-semibold text-zinc-900 tabular-nums">
                      {totals[r.key] === null ? "—" : formatRate(totals[r.key]!)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        )}
      </figure>
    </div>
  );
}

function TooltipBox({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-zinc-200">
      <p className="mb-1 font-medium text-zinc-900">{title}</p>
      {children}
    </div>
  );
}

function TooltipRow({ label, color, value }: { label: string; color: string; value: string }) {
  return (
    <p className="flex items-center justify-between gap-4 text-zinc-600">
      <ChartSwatch color={color} label={label} />
      <span className="font-medium text-zinc-900 tabular-nums">{value}</span>
    </p>
  );
}
