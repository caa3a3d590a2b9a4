import { and, desc, eq, ne } from "drizzle-orm";
import { campaigns } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { variantsOf } from "../internal";
import { serializeCampaign } from "../serialize";

/** The latest campaigns that left the draft state, with their stats (rates of delivered). */
export async function latestCampaigns(ctx: ServiceContext, limit = 5) {
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.projectId, ctx.projectId), ne(campaigns.status, "draft")))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit);
  const variants = await variantsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    serializeCampaign(
      r,
      variants.filter((v) => v.campaignId === r.id),
    ),
  );
}
