import { Megaphone } from "lucide-react";
import Link from "next/link";
import type { ServiceContext } from "@/lib/core/context";
import { formatCount, relativeTime } from "@/lib/web/dashboard/format";
import { latestCampaigns } from "@/lib/campaigns/report/latest";
import { sendingByDay } from "@/lib/emails/sending-by-day";
import { CampaignStatusBadge, displayStatus } from "../campaigns/campaign-status-badge";
import { formatRate } from "../campaigns/format";
import { Card, CardHeader } from "../ui/card";
import { SendingCharts } from "./sending-charts";
import { RATES, sendingSeries } from "./sending-series";

const OVERVIEW_DAYS = 30;

/** The overview's sending section: the last 30 days of live email and the latest campaigns. */
export async function SendingOverview({ ctx }: { ctx: ServiceContext }) {
  const now = ctx.clock.now();
  const [days, campaigns] = await Promise.all([
    sendingByDay(ctx, OVERVIEW_DAYS),
    latestCampaigns(ctx),
  ]);
  const series = sendingSeries(days, now, OVERVIEW_DAYS);
  const figures = [
    { label: "Sent", value: formatCount(series.totals.sent) },
    ...RATES.map((r) => ({
      label: r.label,
      value: series.totals[r.key] === null ? "—" : formatRate(series.totals[r.key]!),
    })),
  ];

  return (
    <div className="mt-6 grid gap-6 lg:mt-8">
      <Card className="min-w-0">
        <CardHeader
          title="Sending"
          description={`Live email of the last ${OVERVIEW_DAYS} days (UTC), by the day it was sent. Rates are of delivered email, bounces of sent; opens and clicks count people, not machines.`}
        />
        {series.totals.sent === 0 ? (
          <div className="px-5 py-10 text-center">
            <p className="text-sm font-medium text-zinc-800">Nothing sent in the last 30 days</p>
            <p className="mx-auto mt-1 max-w-md text-[13px] text-zinc-500">
              Emails sent through the API, campaigns and automations show here day by day, with
              their open, click, bounce and complaint rates.
            </p>
            <Link
              href="/campaigns/new"
              className="mt-4 inline-flex items-center gap-1.5 text-[13px] font-medium text-indigo-600 hover:text-indigo-500"
            >
              <Megaphone aria-hidden className="size-4" />
              Create a campaign
            </Link>
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-px border-b border-zinc-100 bg-zinc-100 sm:grid-cols-5">
              {figures.map((f) => (
                <div
                  key={f.label}
                  className="bg-white px-5 py-3 last:col-span-2 sm:last:col-span-1"
                >
                  <dt className="text-[13px] text-zinc-500">{f.label}</dt>
                  <dd className="mt-0.5 text-lg font-semibold text-zinc-900 tabular-nums">
                    {f.value}
                  </dd>
                </div>
              ))}
            </dl>
            <SendingCharts
              points={series.points}
              rateShape={series.rateShape}
              totals={series.totals}
            />
          </>
        )}
      </Card>
      {campaigns.length > 0 && (
        <Card className="min-w-0">
          <CardHeader
            title="Latest campaigns"
            actions={
              <Link
                href="/campaigns"
                className="text-[13px] font-medium text-indigo-600 hover:text-indigo-500"
              >
                View all
              </Link>
            }
          />
          <ul className="divide-y divide-zinc-100">
            {campaigns.map((c) => {
              const stats = c.stats;
              const rates = stats && stats.delivered > 0;
              return (
                <li key={c.id}>
                  <Link
                    href={`/campaigns/${c.id}`}
                    className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 hover:bg-zinc-50"
                  >
                    <span className="min-w-0 flex-1 basis-48">
                      <span className="block truncate text-sm font-medium text-zinc-800">
                        {c.name}
                      </span>
                      <span className="block text-xs text-zinc-500">
                        {c.sent_at
                          ? `Sent ${relativeTime(new Date(c.sent_at), now)}`
                          : `Created ${relativeTime(new Date(c.created_at), now)}`}
                      </span>
                    </span>
                    <CampaignStatusBadge status={displayStatus(c, now)} />
                    <span className="flex gap-4 text-right text-xs text-zinc-500 tabular-nums">
                      <Metric
                        label="Recipients"
                        value={stats ? formatCount(stats.recipients) : "—"}
                      />
                      <Metric
                        label="Opened"
                        value={rates ? formatRate(stats.human_open_rate) : "—"}
                      />
                      <Metric
                        label="Clicked"
                        value={rates ? formatRate(stats.human_click_rate) : "—"}
                      />
                      <Metric
                        label="Bounced"
                        value={
                          stats && stats.sent > 0 ? formatRate(stats.bounced / stats.sent) : "—"
                        }
                      />
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </div>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <span className="w-16">
      <span className="block text-sm font-medium text-zinc-800">{value}</span>
      {label}
    </span>
  );
}
