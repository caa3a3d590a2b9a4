import { and, eq, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaignVariants, type Email } from "@/db/schema";
import type { Executor } from "@/db";

const COUNTED = {
  delivered: "delivered",
  bounced: "bounced",
  failed: "failed",
  complained: "complained",
} as const;

/**
 * Keeps a campaign's per-variant counters (DECISIONS §4 stats) as its emails' events happen, in
 * the event's transaction: delivered, bounced, failed and complained count emails; opened and
 * clicked count recipients, once each (the recipient row remembers the first time).
 */
export async function countCampaignEvent(
  tx: Executor,
  email: Pick<Email, "campaignId" | "campaignVariant" | "contactId">,
  type: string,
  now: Date,
) {
  if (!email.campaignId || !email.campaignVariant) return;
  let column: "delivered" | "bounced" | "failed" | "complained" | "opened" | "clicked" | null =
    COUNTED[type as keyof typeof COUNTED] ?? null;
  if ((type === "opened" || type === "clicked") && email.contactId) {
    const first =
      type === "opened" ? campaignRecipients.firstOpenedAt : campaignRecipients.firstClickedAt;
    const marked = await tx
      .update(campaignRecipients)
      .set(type === "opened" ? { firstOpenedAt: now } : { firstClickedAt: now })
      .where(
        and(
          eq(campaignRecipients.campaignId, email.campaignId),
          eq(campaignRecipients.contactId, email.contactId),
          isNull(first),
        ),
      )
      .returning({ id: campaignRecipients.id });
    column = marked.length > 0 ? type : null;
  }
  if (!column) return;
  await tx
    .update(campaignVariants)
    .set({ [column]: sql`${campaignVariants[column]} + 1` })
    .where(
      and(
        eq(campaignVariants.campaignId, email.campaignId),
        eq(campaignVariants.key, email.campaignVariant as "A"),
      ),
    );
}

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
