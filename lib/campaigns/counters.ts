import { and, eq, sql } from "drizzle-orm";
import { campaignVariants, type Email } from "@/db/schema";
import type { Executor } from "@/db";

/** An unsubscribe through a campaign email counts for its variant. */
export async function countCampaignUnsubscribe(
  tx: Executor,
  email: Pick<Email, "campaignId" | "campaignVariant">,
) {
  if (!email.campaignId || !email.campaignVariant) return;
  await tx
    .update(campaignVariants)
    .set({ unsubscribed: sql`${campaignVariants.unsubscribed} + 1` })
    .where(
      and(
        eq(campaignVariants.campaignId, email.campaignId),
        eq(campaignVariants.key, email.campaignVariant as "A"),
      ),
    );
}
