import { and, eq, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaignVariants, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import { isEngagement, isHumanEngagement } from "./engagement";

const COUNTED = {
  delivered: "delivered",
  bounced: "bounced",
  failed: "failed",
  complained: "complained",
} as const;

type CountedEvent = {
  email: Pick<Email, "projectId" | "campaignId" | "campaignVariant" | "contactId">;
  type: string;
  now: Date;
  data?: Record<string, unknown>;
};

type CounterColumn =
  | "delivered"
  | "bounced"
  | "failed"
  | "complained"
  | "opened"
  | "clicked"
  | "humanOpened"
  | "humanClicked";

/** The recipient row's "first time" of each once-per-recipient counter. */
const FIRST_OF = {
  opened: "firstOpenedAt",
  clicked: "firstClickedAt",
  humanOpened: "firstHumanOpenedAt",
  humanClicked: "firstHumanClickedAt",
} as const;
type OncePerRecipient = keyof typeof FIRST_OF;

/**
 * Keeps campaigns' per-variant counters (DECISIONS §4 stats) as their emails' events happen, in
 * the events' transaction. It lives with the event recorder that calls it, so recording an email
 * event never reaches up into lib/campaigns: delivered, bounced, failed and complained count emails (summed per
 * variant into one UPDATE); opened and clicked count recipients, once each (the recipient row
 * remembers the first time), and so do their human counterparts, for a person's open or click
 * (DECISIONS §14).
 */
export async function countCampaignEvents(tx: Executor, events: CountedEvent[]) {
  const sums = new Map<string, Record<CounterColumn, number> & { campaign: string; key: string }>();
  for (const { email, type, now, data } of events) {
    if (!email.campaignId || !email.campaignVariant) continue;
    const columns: CounterColumn[] = [];
    const counted = COUNTED[type as keyof typeof COUNTED];
    if (counted) columns.push(counted);
    if (isEngagement(type) && email.contactId) {
      const human = type === "opened" ? "humanOpened" : "humanClicked";
      const once: OncePerRecipient[] = isHumanEngagement(type, data) ? [type, human] : [type];
      for (const column of once) {
        if (await markFirst(tx, email, column, now)) columns.push(column);
      }
    }
    if (columns.length === 0) continue;
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
      humanOpened: 0,
      humanClicked: 0,
    };
    for (const column of columns) sum[column]++;
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
        humanOpened: sql`${campaignVariants.humanOpened} + ${c.humanOpened}`,
        humanClicked: sql`${campaignVariants.humanClicked} + ${c.humanClicked}`,
      })
      .where(
        and(eq(campaignVariants.campaignId, c.campaign), eq(campaignVariants.key, c.key as "A")),
      );
  }
}

/** Whether this is the recipient's first open (click, human open…) of the campaign; remembers it. */
async function markFirst(
  tx: Executor,
  email: Pick<Email, "projectId" | "campaignId" | "contactId">,
  counter: OncePerRecipient,
  now: Date,
): Promise<boolean> {
  const marked = await markFirstStatement(tx, email, counter, now);
  return marked.length > 0;
}

/**
 * The recipient row, found by its unique key: without the project it was every recipient of the
 * campaign, read on each open and click (56 ms an open at 200,000 recipients).
 */
export function markFirstStatement(
  tx: Executor,
  email: Pick<Email, "projectId" | "campaignId" | "contactId">,
  counter: OncePerRecipient,
  now: Date,
) {
  const first = FIRST_OF[counter];
  return tx
    .update(campaignRecipients)
    .set({ [first]: now })
    .where(
      and(
        ofRecipient(email.projectId, email.campaignId!, email.contactId!),
        isNull(campaignRecipients[first]),
      ),
    )
    .returning({ id: campaignRecipients.id });
}

const ofRecipient = (projectId: string, campaignId: string, contactId: string) =>
  and(
    eq(campaignRecipients.projectId, projectId),
    eq(campaignRecipients.campaignId, campaignId),
    eq(campaignRecipients.contactId, contactId),
  );

/**
 * A recipient whose only human clicks turned out to be a scanner's burst (lib/tracking) is no
 * longer a human clicker: its recipient row forgets the first human click and its variant
 * counts one fewer.
 */
export async function uncountHumanClicker(
  tx: Executor,
  email: Pick<Email, "projectId" | "campaignId" | "campaignVariant" | "contactId">,
) {
  if (!email.campaignId || !email.campaignVariant || !email.contactId) return;
  const unmarked = await tx
    .update(campaignRecipients)
    .set({ firstHumanClickedAt: null })
    .where(
      and(
        ofRecipient(email.projectId, email.campaignId, email.contactId),
        sql`${campaignRecipients.firstHumanClickedAt} is not null`,
      ),
    )
    .returning({ id: campaignRecipients.id });
  if (unmarked.length === 0) return;
  await tx
    .update(campaignVariants)
    .set({ humanClicked: sql`greatest(${campaignVariants.humanClicked} - 1, 0)` })
    .where(
      and(
        eq(campaignVariants.campaignId, email.campaignId),
        eq(campaignVariants.key, email.campaignVariant as "A"),
      ),
    );
}
