import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CampaignEditor } from "@/components/campaigns/editor/campaign-editor";
import { CampaignReportView } from "@/components/campaigns/report/campaign-report-view";
import { getCampaign } from "@/lib/campaigns/manage";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import {
  postalAddressStatus,
  segmentOptions,
  senderOptions,
  templateOptions,
  topicOptions,
} from "@/lib/web/dashboard/campaign-options";
import { breakerThresholds } from "@/lib/breaker/thresholds";
import { campaignLinkClicks } from "@/lib/campaigns/report/engagement";
import { campaignReport } from "@/lib/campaigns/report/report";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { NotFoundError } from "@/lib/core/errors";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await requireDashboard();
  const found = await getCampaign(ctx, (await params).id).catch(() => null);
  return { title: found ? found.campaign.name : "Campaign" };
}

/** A draft opens in the editor; once it leaves the draft state the page shows progress and results. */
export default async function CampaignPage({ params }: Props) {
  const { ctx, project, user } = await requireDashboard();
  const { id } = await params;
  const { campaign, variants } = await getCampaign(ctx, id).catch((error: unknown) => {
    if (error instanceof NotFoundError) notFound();
    throw error;
  });
  const [templates, segments] = await Promise.all([templateOptions(ctx), segmentOptions(ctx)]);

  if (campaign.status === "draft") {
    return (
      <CampaignEditor
        // Keyed by id only: saving re-renders this page, and the editor must keep its state
        // (an open send confirmation) through that.
        key={campaign.id}
        campaign={serializeCampaign(campaign, variants)}
        templates={templates}
        segments={segments}
        topics={await topicOptions(ctx)}
        sender={await senderOptions(ctx, project.name)}
        postalAddress={await postalAddressStatus(ctx)}
        userEmail={user.email}
      />
    );
  }
  const report = await campaignReport(ctx, campaign.id);
  const audienceName =
    campaign.target === "all"
      ? "All contacts"
      : (segments.find((s) => s.id === campaign.segmentId)?.name ?? "Deleted segment");
  return (
    <CampaignReportView
      initial={report}
      audienceName={audienceName}
      templateName={templates.find((t) => t.id === campaign.templateId)?.name ?? null}
      minimumSends={(await breakerThresholds(ctx.db, ctx.projectId)).breakerMinimumSends}
      links={await campaignLinkClicks(ctx, campaign.id)}
      userEmail={user.email}
    />
  );
}
