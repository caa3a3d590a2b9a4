import { and, eq, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaignVariants, type Email } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * An unsubscribe through a campaign email counts for its variant, once per recipient (decision
 * 0046): the recipient row remembers the first time, so leaving again after a resubscribe, or a
 * provider's repeated one-click posts, never count twice. A resubscribe takes nothing off
 * (decision 0024: it happened).
 */
export async function countCampaignUnsubscribe(
  tx: Executor,
  email: Pick<Email, "projectId" | "campaignId" | "campaignVariant" | "contactId">,
  now: Date,
) {
  if (!email.campaignId || !email.campaignVariant || !email.contactId) return;
  const first = await tx
    .update(campaignRecipients)
    .set({ unsubscribedAt: now })
    .where(
      and(
        eq(campaignRecipients.projectId, email.projectId),
        eq(campaignRecipients.campaignId, email.campaignId),
        eq(campaignRecipients.contactId, email.contactId),
        isNull(campaignRecipients.unsubscribedAt),
      ),
    )
    .returning({ id: campaignRecipients.id });
  if (first.length === 0) return;
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
