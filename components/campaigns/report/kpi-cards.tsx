import {
  Ban,
  CircleCheck,
  MailOpen,
  MousePointerClick,
  TriangleAlert,
  UserMinus,
  Users,
} from "lucide-react";
import type { CampaignResource } from "@/lib/campaigns/serialize";
import { formatCount } from "@/lib/web/dashboard/format";
import { StatCard } from "../../overview/stat-card";
import { engagementHint, formatRate, rateOf } from "../format";

type Stats = NonNullable<CampaignResource["stats"]>;

/**
 * The campaign's totals; rates are of delivered emails, opens, clicks and unsubscribes count
 * people once. Open and click rates are people's (DECISIONS §14), with the share of openers and
 * clickers that were only machines beside them. Unsubscribed keeps people who came back
 * (decision 0024), and says how many did: the overview counts only who is unsubscribed now.
 */
export function KpiCards({
  stats,
  resubscribedSince,
}: {
  stats: Stats;
  resubscribedSince: number;
}) {
  const excluded = stats.excluded.unsubscribed + stats.excluded.suppressed;
  const undelivered = stats.failed + stats.complained;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label="Recipients"
        value={formatCount(stats.recipients)}
        hint="Emails prepared for this campaign"
        icon={Users}
      />
      <StatCard
        label="Delivered"
        value={formatCount(stats.delivered)}
        hint={`${formatRate(rateOf(stats.delivered, stats.recipients))} of recipients`}
        icon={CircleCheck}
      />
      <StatCard
        label="Open rate"
        value={formatRate(stats.human_open_rate)}
        hint={engagementHint(
          { human: stats.human_opened, all: stats.opened },
          { verb: "opened", who: "openers" },
        )}
        icon={MailOpen}
      />
      <StatCard
        label="Click rate"
        value={formatRate(stats.human_click_rate)}
        hint={engagementHint(
          { human: stats.human_clicked, all: stats.clicked },
          { verb: "clicked", who: "clickers" },
        )}
        icon={MousePointerClick}
      />
      <StatCard
        label="Bounced"
        value={formatCount(stats.bounced)}
        hint={
          undelivered > 0
            ? `${formatCount(stats.failed)} failed · ${formatCount(stats.complained)} spam reports`
            : `${formatRate(rateOf(stats.bounced, stats.recipients))} of recipients`
        }
        icon={TriangleAlert}
      />
      <StatCard
        label="Unsubscribed"
        value={formatCount(stats.unsubscribed)}
        hint={`${formatRate(rateOf(stats.unsubscribed, stats.delivered))} of delivered${
          resubscribedSince > 0 ? ` · ${formatCount(resubscribedSince)} subscribed again since` : ""
        }`}
        icon={UserMinus}
      />
      <div className="col-span-2">
        <StatCard
          label="Excluded"
          value={formatCount(excluded)}
          hint={`${formatCount(stats.excluded.unsubscribed)} unsubscribed · ${formatCount(stats.excluded.suppressed)} suppressed: in the audience, not sent`}
          icon={Ban}
        />
      </div>
    </div>
  );
}
