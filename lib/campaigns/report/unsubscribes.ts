import { and, count, eq, isNotNull } from "drizzle-orm";
import { campaignRecipients, contacts } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

/**
 * Of the people who unsubscribed through the campaign (its `unsubscribed` stat), how many are
 * subscribed again now, whichever way they came back. The stat keeps them (decision 0024); the
 * overview counts who is unsubscribed now, and this is the difference the report explains. Reads
 * only the campaign's unsubscribed recipients (a partial index), so it is cheap to poll.
 */
export async function resubscribedSince(ctx: ServiceContext, campaignId: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(campaignRecipients)
    .innerJoin(
      contacts,
      and(eq(contacts.id, campaignRecipients.contactId), eq(contacts.projectId, ctx.projectId)),
    )
    .where(
      and(
        eq(campaignRecipients.projectId, ctx.projectId),
        eq(campaignRecipients.campaignId, campaignId),
        isNotNull(campaignRecipients.unsubscribedAt),
        eq(contacts.subscribed, true),
      ),
    );
  return row?.n ?? 0;
}
