import { and, eq, sql } from "drizzle-orm";
import { contacts, emails, events, projects } from "@/db/schema";
import type { Database, Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { SUBSCRIPTION_EVENTS } from "../contacts/subscription-events";
import { newId } from "@/lib/core/ids";
import { isPlausibleToken } from "../tracking/token";
import { countCampaignUnsubscribe } from "./counters";
import { enqueueContactWebhooks } from "../webhooks/contact-events";

export type UnsubscribeTarget = { address: string; projectName: string; subscribed: boolean };

type LinkedEmail = NonNullable<Awaited<ReturnType<typeof emailByToken>>>;

async function emailByToken(db: Database, token: string) {
  if (!isPlausibleToken(token)) return null;
  const [row] = await db
    .select({
      id: emails.id,
      projectId: emails.projectId,
      contactId: emails.contactId,
      campaignId: emails.campaignId,
      campaignVariant: emails.campaignVariant,
      address: emails.to,
      projectName: projects.name,
      subscribed: contacts.subscribed,
    })
    .from(emails)
    .innerJoin(projects, eq(projects.id, emails.projectId))
    .innerJoin(contacts, eq(contacts.id, emails.contactId))
    .where(eq(emails.unsubscribeToken, token))
    .limit(1);
  return row ?? null;
}

/** Who an unsubscribe link is for (the hosted page shows it before the click). */
export async function describeUnsubscribe(db: Database, token: string) {
  const row = await emailByToken(db, token);
  return row
    ? { address: row.address, projectName: row.projectName, subscribed: row.subscribed }
    : null;
}

type Deps = { db: Database; clock: Clock; jobs: JobQueue };

/**
 * One-click unsubscribe (RFC 8058) from a campaign or automation email: the contact becomes
 * `subscribed: false`, so campaigns and automation emails skip it while transactional mail still
 * reaches it (DECISIONS §6); the campaign's variant counts the recipient once (decision 0046), and
 * the contact's subscription history records which email it came from. Idempotent.
 */
export async function unsubscribeByToken(
  deps: Deps,
  token: string,
): Promise<UnsubscribeTarget | null> {
  return changeSubscription(deps, token, false);
}

/**
 * "Resubscribe" on the page an unsubscribe link opened (a click changed their mind): the same
 * token proves the address, the contact is subscribed again. The campaign's unsubscribe count
 * stays (it happened, decision 0024); leaving again later does not count twice. Idempotent: only
 * an actual change is recorded.
 */
export async function resubscribeByToken(
  deps: Deps,
  token: string,
): Promise<UnsubscribeTarget | null> {
  return changeSubscription(deps, token, true);
}

async function changeSubscription(deps: Deps, token: string, subscribed: boolean) {
  const row = await emailByToken(deps.db, token);
  if (!row?.contactId) return null;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // Names the email in the contact's subscription history (the trigger of migration 0018).
    await tx.execute(sql`select set_config('mailwright.unsubscribe_email', ${row.id}, true)`);
    const changed = await tx
      .update(contacts)
      .set({ subscribed, updatedAt: now })
      .where(and(eq(contacts.id, row.contactId!), eq(contacts.subscribed, !subscribed)))
      .returning();
    if (changed.length === 0) return;
    if (!subscribed) await countCampaignUnsubscribe(tx, row, now);
    await recordSubscriptionEvent(tx, row, subscribed, now);
    // contact.updated; leaving all mail is also contact.unsubscribed (no topic).
    await enqueueContactWebhooks(
      tx,
      deps.jobs,
      [
        {
          contact: changed[0]!,
          change: "updated",
          ...(!subscribed && { unsubscribed: { topicId: null } }),
        },
      ],
      now,
    );
  });
  return { address: row.address, projectName: row.projectName, subscribed };
}

/**
 * The change on the contact's timeline and in the events log. Written directly, not through
 * recordEvent: it is the service's own record, not a custom event, and starts no automation.
 */
async function recordSubscriptionEvent(
  tx: Executor,
  row: LinkedEmail,
  subscribed: boolean,
  now: Date,
) {
  await tx.insert(events).values({
    id: newId("evt", now.getTime()),
    projectId: row.projectId,
    name: subscribed ? SUBSCRIPTION_EVENTS.resubscribed : SUBSCRIPTION_EVENTS.unsubscribed,
    contactId: row.contactId,
    email: row.address.toLowerCase(),
    data: { source: "unsubscribe_link", email_id: row.id },
    createdAt: now,
  });
}
