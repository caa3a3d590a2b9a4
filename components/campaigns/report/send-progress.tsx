import { CalendarClock, Hourglass, Send } from "lucide-react";
import type { CampaignResource } from "@/lib/campaigns/serialize";
import type { CampaignDelivery } from "@/lib/campaigns/report/delivery";
import { formatCount, formatDateTime } from "@/lib/web/dashboard/format";
import { Card } from "../../ui/card";
import { ProgressBar } from "../../ui/progress-bar";
import type { CampaignDisplayStatus } from "../campaign-status-badge";

/**
 * Where a campaign that is not done yet stands: waiting for its time, for the worker, going out
 * (until every email has its delivery report), or waiting for a provider to be configured.
 */
export function SendProgress({
  status,
  campaign,
  expected,
  delivery,
}: {
  status: CampaignDisplayStatus;
  campaign: CampaignResource;
  expected: number | null;
  delivery: CampaignDelivery | null;
}) {
  const stats = campaign.stats;
  const audience =
    expected === null
      ? "The audience’s segment no longer exists: nobody will receive it."
      : `${formatCount(expected)} ${expected === 1 ? "contact" : "contacts"} in the audience right now.`;

  if (status === "scheduled" || status === "queued") {
    const scheduled = status === "scheduled" && campaign.scheduled_at;
    const Icon = scheduled ? CalendarClock : Hourglass;
    return (
      <Card className="flex items-start gap-3 p-4 sm:p-5">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-violet-50 text-violet-700">
          <Icon aria-hidden className="size-4" />
        </span>
        <div className="min-w-0 text-sm">
          <p className="font-medium text-zinc-900">
            {scheduled
              ? `Sends on ${formatDateTime(new Date(scheduled))}`
              : "Waiting for the worker to start sending…"}
          </p>
          <p className="mt-0.5 text-[13px] text-zinc-500">
            {audience} Unsubscribed and suppressed contacts will be left out.
          </p>
        </div>
      </Card>
    );
  }

  const prepared = stats?.recipients ?? 0;
  // Final: delivered, bounced, failed or complained; queued and sent are still in flight.
  const handled = delivery
    ? Math.max(0, prepared - delivery.inFlight)
    : (stats?.delivered ?? 0) + (stats?.bounced ?? 0) + (stats?.failed ?? 0);
  const fannedOut = campaign.status === "sent";
  // The audience can shrink while it goes out: never show more prepared than expected.
  const total = Math.max(expected ?? 0, prepared);
  // An automatic A/B test pauses after its sample until the winner is picked.
  const testing = campaign.ab_test && !campaign.ab_test.winner ? campaign.ab_test : null;
  const variantCount = campaign.variants.length + 1;
  const waiting = status === "waiting";
  const queued = delivery?.queued ?? 0;
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span
          className={
            waiting
              ? "grid size-9 shrink-0 place-items-center rounded-lg bg-amber-50 text-amber-700"
              : "grid size-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600"
          }
        >
          {waiting ? (
            <Hourglass aria-hidden className="size-4" />
          ) : (
            <Send aria-hidden className="size-4" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-zinc-900">
            {waiting
              ? "Waiting for delivery to be configured"
              : status === "paused"
                ? "Paused"
                : testing
                  ? "Testing subjects…"
                  : "Sending…"}
          </p>
          <p className="mt-0.5 text-[13px] text-zinc-500">
            {waiting
              ? `${formatCount(queued)} ${queued === 1 ? "email waits" : "emails wait"}: no email provider is configured yet. They go out once the server runs with SMTP_URL or RESEND_API_KEY set; this page updates by itself.`
              : status === "paused"
                ? "Nothing more is sent until you resume: emails already prepared wait, and delivery reports for the ones sent keep arriving."
                : testing
                  ? `Testing ${variantCount} subjects on a sample of ${formatCount(testing.sample_size ?? 0)} contacts. The best ${testing.metric === "click_rate" ? "click rate" : "open rate"} goes to everyone else${testing.decide_at ? ` on ${formatDateTime(new Date(testing.decide_at))}` : " after the wait"}.`
                  : fannedOut
                    ? "Every recipient has an email. Waiting for the delivery reports; this page updates by itself."
                    : "This page updates by itself. Delivery reports keep arriving after the last email leaves."}
          </p>
          {delivery && delivery.waiting.length > 0 && <WaitingOnReceivers delivery={delivery} />}
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <ProgressBar
              label="Emails prepared"
              value={prepared}
              total={total}
              detail={<Of value={prepared} total={total} />}
            />
            <ProgressBar
              label="Delivery reports"
              value={handled}
              total={prepared}
              tone="bg-emerald-500"
              detail={<Of value={handled} total={prepared} />}
            />
          </div>
        </div>
      </div>
    </Card>
  );
}

function Of({ value, total }: { value: number; total: number }) {
  return (
    <>
      {formatCount(value)} <span className="text-zinc-400">of {formatCount(total)}</span>
    </>
  );
}

/**
 * Mail parked by pacing: a receiver that asked us to slow down, the relay's own limit, or the
 * sending domain's warm-up. Named so a marketer knows the campaign is fine, only patient.
 */
function WaitingOnReceivers({ delivery }: { delivery: CampaignDelivery }) {
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50/60 p-3">
      <p className="text-[13px] font-medium text-amber-900">Some mail is waiting, on purpose</p>
      <ul className="mt-1.5 space-y-1.5">
        {delivery.waiting.map((group) => (
          <li key={group.on} className="text-[13px] text-amber-900/90">
            <span className="font-medium tabular-nums">
              {formatCount(group.count)} {group.count === 1 ? "email" : "emails"}
            </span>{" "}
            {waitingLabel(group.on)}
            {group.reason && (
              <span className="block truncate text-xs text-amber-800/80" title={group.reason}>
                {group.reason}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function waitingLabel(on: string): string {
  if (on === "warm-up") return "wait for tomorrow’s warm-up allowance of the sending domain.";
  if (on.startsWith("relay")) return "wait for the email provider, which asked to slow down.";
  return `wait for ${on}, which asked to slow down; they go out at the pace it accepts.`;
}
