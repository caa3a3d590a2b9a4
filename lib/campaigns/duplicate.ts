import { and, eq } from "drizzle-orm";
import { campaignVariants, campaigns } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { findCampaignOrThrow, variantsOf } from "./internal";

const MAX_NAME = 200;

/** "Copy of June newsletter", kept within the name's limit. */
export function copyName(name: string): string {
  return `Copy of ${name}`.slice(0, MAX_NAME);
}

/**
 * A new draft with a campaign's content, sender, audience, subjects (variants) and A/B settings,
 * whatever the original's status. Counters, schedule and send state start afresh; references
 * (template, segment, sender domain) are checked again when the copy is saved or sent.
 */
export async function duplicateCampaign(ctx: ServiceContext, campaignId: string) {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const { campaign, variants } = await findCampaignOrThrow(tx, ctx.projectId, campaignId);
    const id = newId("cmp", now.getTime());
    const [copy] = await tx
      .insert(campaigns)
      .values({
        id,
        projectId: ctx.projectId,
        name: copyName(campaign.name),
        subject: campaign.subject,
        previewText: campaign.previewText,
        fromName: campaign.fromName,
        fromEmail: campaign.fromEmail,
        target: campaign.target,
        templateId: campaign.templateId,
        variables: campaign.variables,
        segmentId: campaign.segmentId,
        abSamplePercent: campaign.abSamplePercent,
        abWaitMinutes: campaign.abWaitMinutes,
        abMetric: campaign.abMetric,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(campaignVariants).values(
      variants.map((v) => ({
        projectId: campaign.projectId,
        campaignId: id,
        key: v.key,
        subject: v.subject,
      })),
    );
    return { campaign: copy!, variants: await variantsOf(tx, [id]) };
  });
}

/**
 * Deletes a draft (a scheduled campaign is a draft until it is sent, so it can go too). A
 * campaign that has been queued or has gone out keeps its history: 409, cancel it first.
 */
export async function deleteDraftCampaign(ctx: ServiceContext, campaignId: string) {
  const [deleted] = await ctx.db
    .delete(campaigns)
    .where(
      and(
        eq(campaigns.projectId, ctx.projectId),
        eq(campaigns.id, campaignId),
        eq(campaigns.status, "draft"),
      ),
    )
    .returning({ id: campaigns.id });
  if (deleted) return { id: deleted.id, deleted: true as const };
  const { campaign } = await findCampaignOrThrow(ctx.db, ctx.projectId, campaignId);
  throw new ConflictError(
    `The campaign is ${campaign.status}: only drafts can be deleted.`,
    "campaign_not_draft",
  );
}
