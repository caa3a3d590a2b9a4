import { and, eq, sql } from "drizzle-orm";
import { contacts, emails, events, projects, topics } from "@/db/schema";
import type { Database, Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { SUBSCRIPTION_EVENTS } from "../contacts/subscription-events";
import { newId } from "@/lib/core/ids";
import { isPlausibleToken } from "../tracking/token";
import type { ContactTopicResource } from "../topics/serialize";
import { contactTopicStates, saveSubscriptions } from "../topics/subscriptions";
import { enqueueContactWebhooks } from "../webhooks/contact-events";
import { countCampaignUnsubscribe } from "./counters";

/** Who an unsubscribe link is for, and what the preference center shows them. */
export type PreferenceTarget = {
  address: string;
  projectName: string;
  subscribed: boolean;
  /** The topic the email was about (its one-click unsubscribe leaves only that), if any. */
  topic: { id: string; name: string } | null;
  /** The project's public topics as the contact stands with each. */
  topics: ContactTopicResource[];
};

type LinkedEmail = NonNullable<Awaited<ReturnType<typeof emailByToken>>>;
type Deps = { db: Database; clock: Clock; jobs: JobQueue };

async function emailByToken(db: Executor, token: string) {
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
      topicId: topics.id,
      topicName: topics.name,
    })
    .from(emails)
    .innerJoin(projects, eq(projects.id, emails.projectId))
    .innerJoin(contacts, eq(contacts.id, emails.contactId))
    // A topic deleted since the email went out: the link falls back to leaving everything.
    .leftJoin(topics, and(eq(topics.id, emails.topicId), eq(topics.projectId, emails.projectId)))
    .where(eq(emails.unsubscribeToken, token))
    .limit(1);
  return row ? { ...row, contactId: row.contactId! } : null;
}

async function targetOf(db: Executor, row: LinkedEmail): Promise<PreferenceTarget> {
  const [contact] = await db
    .select({ subscribed: contacts.subscribed })
    .from(contacts)
    .where(eq(contacts.id, row.contactId));
  return {
    address: row.address,
    projectName: row.projectName,
    subscribed: contact?.subscribed ?? row.subscribed,
    topic: row.topicId ? { id: row.topicId, name: row.topicName! } : null,
    topics: await contactTopicStates(db, row.projectId, row.contactId, { publicOnly: true }),
  };
}

/** GET of the link: the preference center's contents (null: the token names no email). */
export async function describePreferences(db: Database, token: string) {
  const row = await emailByToken(db, token);
  return row ? targetOf(db, row) : null;
}

/**
 * One-click unsubscribe (RFC 8058 `List-Unsubscribe-Post`): from an email about a topic, the
 * contact leaves that topic and stays subscribed to the rest (DECISIONS §13); from any other
 * marketing email it becomes `subscribed: false` (campaigns and automation emails skip it,
 * transactional mail still reaches it, DECISIONS §6). The campaign's variant counts the recipient
 * once (decision 0046). Idempotent.
 */
export async function oneClickUnsubscribe(deps: Deps, token: string) {
  return withLinkedEmail(deps, token, async (tx, row, now, jobs) => {
    if (row.topicId) await chooseTopics(tx, jobs, row, [{ id: row.topicId, optIn: false }], now);
    else await changeSubscription(tx, jobs, row, false, now);
  });
}

/** The page's "Unsubscribe from everything": `subscribed: false`, whatever the topics say. */
export async function unsubscribeFromEverything(deps: Deps, token: string) {
  return withLinkedEmail(deps, token, (tx, row, now, jobs) =>
    changeSubscription(tx, jobs, row, false, now),
  );
}

/**
 * "Resubscribe" on the page (a click changed their mind): the same token proves the address. The
 * campaign's unsubscribe count stays (it happened, decision 0024). Idempotent.
 */
export async function resubscribeByToken(deps: Deps, token: string) {
  return withLinkedEmail(deps, token, (tx, row, now, jobs) =>
    changeSubscription(tx, jobs, row, true, now),
  );
}

/**
 * The page's "Save": every public topic checked is `opt_in`, every one left unchecked `opt_out`
 * (DECISIONS §13). Private topics are never touched. Only actual changes are recorded.
 */
export async function savePreferences(deps: Deps, token: string, checked: ReadonlySet<string>) {
  return withLinkedEmail(deps, token, async (tx, row, now, jobs) => {
    const shown = await contactTopicStates(tx, row.projectId, row.contactId, { publicOnly: true });
    await chooseTopics(
      tx,
      jobs,
      row,
      shown.map((t) => ({ id: t.id, optIn: checked.has(t.id) })),
      now,
    );
  });
}

async function withLinkedEmail(
  deps: Deps,
  token: string,
  change: (tx: Executor, row: LinkedEmail, now: Date, jobs: JobQueue) => Promise<void>,
): Promise<PreferenceTarget | null> {
  const row = await emailByToken(deps.db, token);
  if (!row) return null;
  return deps.db.transaction(async (tx) => {
    await change(tx, row, deps.clock.now(), deps.jobs);
    return targetOf(tx, row);
  });
}

async function changeSubscription(
  tx: Executor,
  jobs: JobQueue,
  row: LinkedEmail,
  subscribed: boolean,
  now: Date,
) {
  // Names the email in the contact's subscription history (the trigger of migration 0018).
  await tx.execute(sql`select set_config('mailwright.unsubscribe_email', ${row.id}, true)`);
  const changed = await tx
    .update(contacts)
    .set({ subscribed, updatedAt: now })
    .where(and(eq(contacts.id, row.contactId), eq(contacts.subscribed, !subscribed)))
    .returning();
  if (changed.length === 0) return;
  if (!subscribed) await countCampaignUnsubscribe(tx, row, now);
  await recordSubscriptionEvent(tx, row, subscribed ? "resubscribed" : "unsubscribed", now, null);
  // contact.updated; leaving all mail is also contact.unsubscribed (no topic).
  await enqueueContactWebhooks(
    tx,
    jobs,
    [
      {
        contact: changed[0]!,
        change: "updated",
        ...(!subscribed && { unsubscribed: { topicId: null } }),
      },
    ],
    now,
  );
}

/** Saves topic choices from the link; leaving the email's own topic counts for its campaign. */
async function chooseTopics(
  tx: Executor,
  jobs: JobQueue,
  row: LinkedEmail,
  choices: { id: string; optIn: boolean }[],
  now: Date,
) {
  const changed = await saveSubscriptions(
    tx,
    jobs,
    choices.map((c) => ({
      projectId: row.projectId,
      contactId: row.contactId,
      topicId: c.id,
      subscription: c.optIn ? "opt_in" : "opt_out",
    })),
    now,
  );
  for (const change of changed) {
    const left = change.subscription === "opt_out";
    if (left && change.topic_id === row.topicId) await countCampaignUnsubscribe(tx, row, now);
    await recordSubscriptionEvent(
      tx,
      row,
      left ? "unsubscribed" : "resubscribed",
      now,
      change.topic_id,
    );
  }
}

/**
 * The change on the contact's timeline and in the events log. Written directly, not through
 * recordEvent: it is the service's own record, not a custom event, and starts no automation.
 */
async function recordSubscriptionEvent(
  tx: Executor,
  row: LinkedEmail,
  change: keyof typeof SUBSCRIPTION_EVENTS,
  now: Date,
  topicId: string | null,
) {
  await tx.insert(events).values({
    id: newId("evt", now.getTime()),
    projectId: row.projectId,
    name: SUBSCRIPTION_EVENTS[change],
    contactId: row.contactId,
    email: row.address.toLowerCase(),
    data: {
      source: "unsubscribe_link",
      email_id: row.id,
      ...(topicId && { topic_id: topicId }),
    },
    createdAt: now,
  });
}
