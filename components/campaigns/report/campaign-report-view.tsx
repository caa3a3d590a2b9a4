"use client";

import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import type { CampaignResource } from "@/lib/campaigns/serialize";
import type { CampaignReport } from "@/lib/campaigns/report/report";
import { resumeCampaignAction } from "@/lib/web/dashboard/actions/campaigns";
import { formatDateTime } from "@/lib/web/dashboard/format";
import { PausedBanner } from "../../breaker/paused-banner";
import { PageHeader } from "../../app-shell/page-header";
import { Card, CardHeader } from "../../ui/card";
import { CampaignStatusBadge } from "../campaign-status-badge";
import type { LinkClicks } from "@/lib/campaigns/report/engagement";
import { CampaignActions } from "../campaign-actions";
import { ActivityChart } from "./activity-chart";
import { EngagedContacts } from "./engaged-contacts";
import { LinkClicksCard } from "./link-clicks";
import { CancelCampaignButton } from "./cancel-campaign-button";
import { KpiCards } from "./kpi-cards";
import { reportStatus } from "./report-status";
import { SendProgress } from "./send-progress";
import { useCampaignReport } from "./use-campaign-report";
import { VariantComparison, VariantKey } from "./variant-comparison";

/** A campaign past its draft: progress while it goes out, then its results. */
export function CampaignReportView({
  initial,
  audienceName,
  templateName,
  minimumSends,
  links,
  userEmail,
}: {
  initial: CampaignReport;
  /** Clicks per link, read when the page loads. */
  links: LinkClicks[];
  userEmail: string;
  audienceName: string;
  templateName: string | null;
  /** The project's circuit-breaker minimum, for the Resume confirmation. */
  minimumSends: number;
}) {
  const report = useCampaignReport(initial);
  const router = useRouter();
  const { campaign } = report;
  const now = new Date(report.now);
  const status = reportStatus(report);
  const stats = campaign.stats;
  const underway = status !== "sent";
  // Queued and scheduled campaigns have no results yet: their page is what will go out.
  const started =
    status === "sending" || status === "waiting" || status === "paused" || status === "sent";

  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            href="/campaigns"
            className="inline-flex items-center gap-1 text-[13px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Campaigns
          </Link>
        }
        title={campaign.name}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <CampaignStatusBadge status={status} />
            <span className="truncate">{campaign.subject}</span>
          </span>
        }
        actions={
          <>
            {(status === "queued" || status === "scheduled") && (
              <CancelCampaignButton campaignId={campaign.id} scheduled={status === "scheduled"} />
            )}
            <CampaignActions
              campaignId={campaign.id}
              name={campaign.name}
              subjects={[{ id: "A", subject: campaign.subject }, ...campaign.variants]}
              deletable={false}
              userEmail={userEmail}
            />
          </>
        }
      />
      {campaign.paused && (
        <PausedBanner
          kind="campaign"
          pause={campaign.paused}
          minimumSends={minimumSends}
          resume={() => resumeCampaignAction(campaign.id)}
          onResumed={() => router.refresh()}
        />
      )}
      <div className="grid gap-6">
        {underway && (
          <SendProgress
            status={status}
            campaign={campaign}
            expected={report.expected}
            delivery={report.delivery}
          />
        )}
        {started && stats && (
          <KpiCards stats={stats} resubscribedSince={report.resubscribedSince} />
        )}
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
          {started ? (
            <Card className="min-w-0">
              <CardHeader
                title="Activity"
                description="Delivered, and opened and clicked by people, so far, in your time zone."
              />
              <ActivityChart
                activity={report.activity}
                until={campaign.status === "sending" ? now : undefined}
              />
            </Card>
          ) : (
            <Subjects campaign={campaign} />
          )}
          <Details
            campaign={campaign}
            audienceName={audienceName}
            templateName={templateName}
            delivered={status === "sent"}
          />
        </div>
        {started && stats && Object.keys(stats.variants).length > 1 && (
          <VariantComparison
            variants={stats.variants}
            abTest={campaign.ab_test}
            sent={status === "sent"}
          />
        )}
        {started && stats && (
          <div className="grid items-start gap-6 xl:grid-cols-2">
            <LinkClicksCard links={links} />
            <EngagedContacts
              campaignId={campaign.id}
              opened={stats.opened}
              clicked={stats.clicked}
            />
          </div>
        )}
      </div>
    </>
  );
}

function Details({
  campaign,
  audienceName,
  templateName,
  delivered,
}: {
  campaign: CampaignResource;
  audienceName: string;
  templateName: string | null;
  /** Every email final: until then `sent_at` is when the last one was prepared, not sent. */
  delivered: boolean;
}) {
  return (
    <Card>
      <CardHeader title="Details" />
      <dl className="divide-y divide-zinc-100 text-sm">
        <Row label="From">
          {campaign.from_name}
          <span className="block text-xs break-all text-zinc-500">{campaign.from_email}</span>
        </Row>
        <Row label="Audience">{audienceName}</Row>
        <Row label="Template">
          {campaign.template ? (
            <Link
              href={`/templates/${campaign.template}`}
              className="text-indigo-600 hover:text-indigo-500"
            >
              {templateName ?? campaign.template}
            </Link>
          ) : (
            "None"
          )}
        </Row>
        {campaign.preview_text && <Row label="Preview text">{campaign.preview_text}</Row>}
        {campaign.scheduled_at && (
          <Row label="Scheduled">{formatDateTime(new Date(campaign.scheduled_at))}</Row>
        )}
        {campaign.sent_at && (
          <Row label={delivered ? "Sent" : "Prepared"}>
            {formatDateTime(new Date(campaign.sent_at))}
          </Row>
        )}
        <Row label="Created">{formatDateTime(new Date(campaign.created_at))}</Row>
      </dl>
    </Card>
  );
}

/** Before the send: the subject line(s) that will go out. */
function Subjects({ campaign }: { campaign: CampaignResource }) {
  const subjects = [{ id: "A", subject: campaign.subject }, ...campaign.variants];
  return (
    <Card className="min-w-0">
      <CardHeader
        title={subjects.length > 1 ? "Subjects" : "Subject"}
        description={
          subjects.length > 1
            ? "The audience is split evenly between them; results compare them once sent."
            : undefined
        }
      />
      <ul className="divide-y divide-zinc-100">
        {subjects.map((v) => (
          <li key={v.id} className="flex items-center gap-2.5 px-5 py-3 text-sm text-zinc-900">
            {subjects.length > 1 && <VariantKey>{v.id}</VariantKey>}
            <span className="min-w-0 break-words">{v.subject}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 px-5 py-2.5">
      <dt className="shrink-0 text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-right text-zinc-800">{children}</dd>
    </div>
  );
}
