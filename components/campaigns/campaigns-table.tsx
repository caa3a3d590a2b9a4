import { Filter, Users } from "lucide-react";
import Link from "next/link";
import type { CampaignResource } from "@/lib/campaigns/serialize";
import { formatCount, formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { CampaignStatusBadge, displayStatus } from "./campaign-status-badge";
import { formatRate } from "./format";

export function CampaignsTable({
  campaigns,
  segmentNames,
  now,
}: {
  campaigns: CampaignResource[];
  segmentNames: Map<string, string>;
  now: Date;
}) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Campaign</TH>
          <TH>Status</TH>
          <TH className="hidden lg:table-cell">Audience</TH>
          <TH className="hidden text-right md:table-cell">Recipients</TH>
          <TH className="hidden text-right md:table-cell">Opened</TH>
          <TH className="hidden text-right md:table-cell">Clicked</TH>
          <TH className="hidden text-right sm:table-cell">Date</TH>
        </tr>
      </THead>
      <TBody>
        {campaigns.map((campaign) => {
          const status = displayStatus(campaign, now);
          const date = dateOf(campaign);
          // Counts exist once the fan-out starts; queued and scheduled campaigns have none yet.
          const stats =
            status === "sending" || status === "paused" || status === "sent"
              ? campaign.stats
              : null;
          return (
            <TR key={campaign.id}>
              <TD className="max-w-56 py-2.5 sm:max-w-72">
                <Link
                  href={`/campaigns/${campaign.id}`}
                  className="block truncate font-medium text-zinc-900 hover:text-indigo-600"
                >
                  {campaign.name}
                </Link>
                <span className="block truncate text-xs text-zinc-500" title={campaign.subject}>
                  {campaign.subject}
                </span>
              </TD>
              <TD>
                <CampaignStatusBadge status={status} />
                {/* Narrow screens fold the date under the status. */}
                <time
                  dateTime={date.at.toISOString()}
                  className="mt-1 block text-xs whitespace-nowrap text-zinc-500 sm:hidden"
                >
                  {relativeTime(date.at, now)}
                </time>
              </TD>
              <TD className="hidden max-w-48 lg:table-cell">
                <Audience campaign={campaign} segmentNames={segmentNames} />
              </TD>
              <TD className="hidden text-right text-zinc-700 tabular-nums md:table-cell">
                {stats ? formatCount(stats.recipients) : <Dash />}
              </TD>
              <TD className="hidden text-right tabular-nums md:table-cell">
                {stats && stats.delivered > 0 ? (
                  <Rate rate={stats.human_open_rate} count={stats.human_opened} />
                ) : (
                  <Dash />
                )}
              </TD>
              <TD className="hidden text-right tabular-nums md:table-cell">
                {stats && stats.delivered > 0 ? (
                  <Rate rate={stats.human_click_rate} count={stats.human_clicked} />
                ) : (
                  <Dash />
                )}
              </TD>
              <TD className="hidden text-right whitespace-nowrap text-zinc-500 sm:table-cell">
                <span className="block text-xs text-zinc-400">{date.label}</span>
                <time dateTime={date.at.toISOString()} title={formatDateTime(date.at)}>
                  {relativeTime(date.at, now)}
                </time>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

/** The date that matters for the state: when it went out, when it will, or the last edit. */
function dateOf(campaign: CampaignResource): { label: string; at: Date } {
  if (campaign.sent_at) return { label: "Sent", at: new Date(campaign.sent_at) };
  if (campaign.status !== "draft" && campaign.scheduled_at) {
    return { label: "Scheduled for", at: new Date(campaign.scheduled_at) };
  }
  return { label: "Edited", at: new Date(campaign.updated_at) };
}

function Audience({
  campaign,
  segmentNames,
}: {
  campaign: CampaignResource;
  segmentNames: Map<string, string>;
}) {
  const all = campaign.target === "all";
  const Icon = all ? Users : Filter;
  const name = all
    ? "All contacts"
    : (segmentNames.get(campaign.segment ?? "") ?? "Deleted segment");
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-[13px] text-zinc-600">
      <Icon aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
      <span className="truncate">{name}</span>
    </span>
  );
}

/** A people's rate (machines left out, DECISIONS §14) over how many people. */
function Rate({ rate, count }: { rate: number; count: number }) {
  return (
    <span className="text-zinc-700" title={`${formatCount(count)} people, machines left out`}>
      {formatRate(rate)}
      <span className="block text-xs text-zinc-400">{formatCount(count)}</span>
    </span>
  );
}

function Dash() {
  return (
    <span className="text-zinc-300" aria-label="None yet">
      —
    </span>
  );
}
