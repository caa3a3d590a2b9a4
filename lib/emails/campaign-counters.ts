import { and, eq, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaignVariants, type Email } from "@/db/schema";
import type { Executor } from "@/db";

const COUNTED = {
  delivered: "delivered",
  bounced: "bounced",
  failed: "failed",
  complained: "complained",
} as const;

type CountedEvent = {
  email: Pick<Email, "campaignId" | "campaignVariant" | "contactId">;
  type: string;
  now: Date;
};

/**
 * Keeps campaigns' per-variant counters (DECISIONS §4 stats) as their emails' events happen, in
 * the events' transaction. It lives with the event recorder that calls it, so recording an email
 * event never reaches up into lib/campaigns: delivered, bounced, failed and complained count emails (summed per
 * variant into one UPDATE); opened and clicked count recipients, once each (the recipient row
 * remembers the first time).
 */
export async function countCampaignEvents(tx: Executor, events: CountedEvent[]) {
  const sums = new Map<string, Record<CounterColumn, number> & { campaign: string; key: string }>();
  for (const { email, type, now } of events) {
    if (!email.campaignId || !email.campaignVariant) continue;
    let column: CounterColumn | null = COUNTED[type as keyof typeof COUNTED] ?? null;
    if ((type === "opened" || type === "clicked") && email.contactId) {
      column = (await markFirst(tx, email, type, now)) ? type : null;
    }
    if (!column) continue;
    const id = `${email.campaignId} ${email.campaignVariant}`;
    const sum = sums.get(id) ?? {
      campaign: email.campaignId,
      key: email.campaignVariant,
      delivered: 0,
      bounced: 0,
      failed: 0,
      complained: 0,
      opened: 0,
      clicked: 0,
    };
    sum[column]++;
    sums.set(id, sum);
  }
  // One row at a time in a fixed order: every delivery writer and the fan-out update these
  // same rows, and locks taken in different orders deadlock.
  const ordered = [...sums.values()].sort((a, b) =>
    a.campaign === b.campaign ? a.key.localeCompare(b.key) : a.campaign.localeCompare(b.campaign),
  );
  for (const c of ordered) {
    await tx
      .update(campaignVariants)
      .set({
        delivered: sql`${campaignVariants.delivered} + ${c.delivered}`,
        bounced: sql`${campaignVariants.bounced} + ${c.bounced}`,
        failed: sql`${campaignVariants.failed} + ${c.failed}`,
        complained: sql`${campaignVariants.complained} + ${c.complained}`,
        opened: sql`${campaignVariants.opened} + ${c.opened}`,
        clicked: sql`${campaignVariants.clicked} + ${c.clicked}`,
      })
      .where(
        and(eq(campaignVariants.campaignId, c.campaign), eq(campaignVariants.key, c.key as "A")),
      );
  }
}

type CounterColumn = "delivered" | "bounced" | "failed" | "complained" | "opened" | "clicked";

/** Whether this is the recipient's first open (or click) of the campaign; remembers it. */
async function markFirst(
  tx: Executor,
  email: Pick<Email, "campaignId" | "contactId">,
  type: "opened" | "clicked",
  now: Date,
): Promise<boolean> {
  const first =
    type === "opened" ? campaignRecipients.firstOpenedAt : campaignRecipients.firstClickedAt;
  const marked = await tx
    .update(campaignRecipients)
    .set(type === "opened" ? { firstOpenedAt: now } : { firstClickedAt: now })
    .where(
      and(
        eq(campaignRecipients.campaignId, email.campaignId!),
        eq(campaignRecipients.contactId, email.contactId!),
        isNull(first),
      ),
    )
    .returning({ id: campaignRecipients.id });
  return marked.length > 0;
}
