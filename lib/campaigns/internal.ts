import { and, asc, eq, inArray } from "drizzle-orm";
import { campaignVariants, campaigns, type Campaign, type CampaignVariant } from "@/db/schema";
import type { Executor } from "@/db";
import { NotFoundError } from "@/lib/core/errors";

export type CampaignWithVariants = { campaign: Campaign; variants: CampaignVariant[] };

export async function findCampaignOrThrow(
  db: Executor,
  projectId: string,
  campaignId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CampaignWithVariants> {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.projectId, projectId), eq(campaigns.id, campaignId)))
    .limit(1);
  const [campaign] = options.forUpdate ? await query.for("update") : await query;
  if (!campaign) throw new NotFoundError("Campaign");
  return { campaign, variants: await variantsOf(db, [campaign.id]) };
}

export async function variantsOf(db: Executor, campaignIds: string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .select()
    .from(campaignVariants)
    .where(inArray(campaignVariants.campaignId, campaignIds))
    .orderBy(asc(campaignVariants.key));
}
