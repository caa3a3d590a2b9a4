import type { CampaignResource } from "@/lib/campaigns/serialize";
import { Badge, type BadgeTone } from "../ui/badge";
import { cn } from "../ui/cn";

/**
 * What the dashboard calls a campaign's state: a queued campaign waiting for its time is
 * "scheduled"; on its report, emails that wait for a provider to be configured make it "waiting"
 * (report/report-status.ts).
 */
export type CampaignDisplayStatus =
  "draft" | "scheduled" | "queued" | "sending" | "waiting" | "paused" | "sent";

export function displayStatus(
  campaign: Pick<CampaignResource, "status" | "scheduled_at">,
  now: Date,
): CampaignDisplayStatus {
  if (
    campaign.status === "queued" &&
    campaign.scheduled_at &&
    Date.parse(campaign.scheduled_at) > now.getTime()
  ) {
    return "scheduled";
  }
  return campaign.status;
}

export const CAMPAIGN_STATUS_LABELS: Record<CampaignDisplayStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  queued: "Queued",
  sending: "Sending",
  waiting: "Waiting",
  paused: "Paused",
  sent: "Sent",
};

const STYLE: Record<CampaignDisplayStatus, { tone: BadgeTone; className?: string; hint: string }> =
  {
    draft: { tone: "neutral", hint: "Not sent yet: it can still be edited." },
    scheduled: {
      tone: "indigo",
      className: "bg-violet-50 text-violet-700 ring-violet-600/20",
      hint: "Sends by itself at the scheduled time; cancel it to edit.",
    },
    queued: { tone: "amber", hint: "Waiting for the worker to start sending." },
    sending: { tone: "indigo", hint: "Emails are going out now." },
    waiting: {
      tone: "amber",
      hint: "Waiting for delivery to be configured: its emails go out once a provider is set up.",
    },
    paused: {
      tone: "red",
      hint: "Paused itself: too many bounces or complaints. Open it to see why and resume.",
    },
    sent: { tone: "green", hint: "Every recipient's email was handed over for delivery." },
  };

export function CampaignStatusBadge({ status }: { status: CampaignDisplayStatus }) {
  const style = STYLE[status];
  return (
    <Badge
      tone={style.tone}
      className={cn(style.className, status === "sending" && "[&>span]:animate-pulse")}
      title={style.hint}
      dot
    >
      {CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}
