import type { Metadata } from "next";
import { CampaignEditor } from "@/components/campaigns/editor/campaign-editor";
import {
  postalAddressStatus,
  segmentOptions,
  senderOptions,
  templateOptions,
  topicOptions,
} from "@/lib/web/dashboard/campaign-options";
import { requireDashboard } from "@/lib/web/dashboard/context";

export const metadata: Metadata = { title: "New campaign" };

export default async function NewCampaignPage() {
  const { ctx, project, user } = await requireDashboard();
  const [templates, segments, topics, sender, postalAddress] = await Promise.all([
    templateOptions(ctx),
    segmentOptions(ctx),
    topicOptions(ctx),
    senderOptions(ctx, project.name),
    postalAddressStatus(ctx),
  ]);
  return (
    <CampaignEditor
      campaign={null}
      templates={templates}
      segments={segments}
      topics={topics}
      sender={sender}
      postalAddress={postalAddress}
      userEmail={user.email}
    />
  );
}
