import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { contacts, contactTopics, topics, type TopicSubscription } from "@/db/schema";
import type { Executor } from "@/db";
import { insertRows } from "@/db/bulk-insert";
import type { ServiceContext } from "@/lib/core/context";
import type { JobQueue } from "@/lib/core/jobs/queue";
import { enqueueContactWebhooks } from "../webhooks/contact-events";
import { NotFoundError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import { assertProjectTopics } from "./internal";
import { SetContactTopicsInput, type TopicChoice } from "./schemas";
import type { ContactTopicResource } from "./serialize";

/** More would not be a list of topics but a misuse: the preference center shows them all. */
const MAX_TOPICS_LISTED = 1000;

/**
 * Every topic of the project as the contact stands with it (DECISIONS §13): its own choice, else
 * the topic's default, oldest topic first (the order a preference center lists them in).
 */
export async function contactTopicStates(
  db: Executor,
  projectId: string,
  contactId: string,
  options: { publicOnly?: boolean } = {},
): Promise<ContactTopicResource[]> {
  const rows = await db
    .select({
      id: topics.id,
      name: topics.name,
      description: topics.description,
      visibility: topics.visibility,
      defaultSubscription: topics.defaultSubscription,
      choice: contactTopics.subscription,
    })
    .from(topics)
    .leftJoin(
      contactTopics,
      and(eq(contactTopics.topicId, topics.id), eq(contactTopics.contactId, contactId)),
    )
    .where(
      and(
        eq(topics.projectId, projectId),
        options.publicOnly ? eq(topics.visibility, "public") : undefined,
      ),
    )
    .orderBy(asc(topics.createdAt), asc(topics.id))
    .limit(MAX_TOPICS_LISTED);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    visibility: r.visibility,
    subscription: r.choice ?? r.defaultSubscription,
    explicit: r.choice !== null,
  }));
}

async function assertContact(db: Executor, projectId: string, contactId: string) {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.projectId, projectId), eq(contacts.id, contactId)))
    .limit(1);
  if (!contact) throw new NotFoundError("Contact");
}

// GET /v1/contacts/:id/topics
export async function listContactTopics(ctx: ServiceContext, contactId: string) {
  await assertContact(ctx.db, ctx.projectId, contactId);
  const data = await contactTopicStates(ctx.db, ctx.projectId, contactId);
  return { data, has_more: false, next_cursor: null };
}

// PATCH /v1/contacts/:id/topics — the choices sent; the others stay as they were
export async function updateContactTopics(ctx: ServiceContext, contactId: string, input: unknown) {
  const { topics: choices } = parseInput(SetContactTopicsInput, input);
  return ctx.db.transaction(async (tx) => {
    await assertContact(tx, ctx.projectId, contactId);
    await assertTopicChoices(tx, ctx.projectId, choices);
    await saveTopicChoices(tx, ctx.jobs, ctx.projectId, [contactId], choices, ctx.clock.now());
    const data = await contactTopicStates(tx, ctx.projectId, contactId);
    return { data, has_more: false, next_cursor: null };
  });
}

/** 422 naming `topics[i].id` for each choice whose topic is not the project's. */
export function assertTopicChoices(
  db: Executor,
  projectId: string,
  choices: TopicChoice[],
  path = "topics",
) {
  return assertProjectTopics(
    db,
    projectId,
    choices.map((c, i) => ({ id: c.id, path: `${path}[${i}].id` })),
  );
}

/**
 * Records the same choices for each contact (the upsert: one; an import batch: many) in one
 * statement. The topics must have been checked (assertTopicChoices).
 */
export async function saveTopicChoices(
  tx: Executor,
  jobs: JobQueue,
  projectId: string,
  contactIds: string[],
  choices: TopicChoice[],
  now: Date,
) {
  if (contactIds.length === 0 || choices.length === 0) return;
  await saveSubscriptions(
    tx,
    jobs,
    contactIds.flatMap((contactId) =>
      choices.map((c) => ({ projectId, contactId, topicId: c.id, subscription: c.subscription })),
    ),
    now,
  );
}

export type SubscriptionRow = {
  projectId: string;
  contactId: string;
  topicId: string;
  subscription: TopicSubscription;
};

/**
 * Upserts explicit choices; returns the ones that changed (a repeated choice is no change). Each
 * change to `opt_out` is a `contact.unsubscribed` webhook with its `topic_id` (DECISIONS §15),
 * whichever path made it: the API, an import, the preference center.
 */
export async function saveSubscriptions(
  tx: Executor,
  jobs: JobQueue,
  rows: SubscriptionRow[],
  now: Date,
): Promise<{ contact_id: string; topic_id: string; subscription: TopicSubscription }[]> {
  if (rows.length === 0) return [];
  const changed = await insertRows<
    typeof contactTopics,
    { contact_id: string; topic_id: string; subscription: TopicSubscription }
  >(
    tx,
    contactTopics,
    rows.map((r) => ({ ...r, updatedAt: now })),
    sql`on conflict (project_id, contact_id, topic_id) do update
      set subscription = excluded.subscription, updated_at = excluded.updated_at
      where ${contactTopics}.subscription is distinct from excluded.subscription
      returning contact_id, topic_id, subscription`,
  );
  await announceOptOuts(tx, jobs, rows[0]!.projectId, changed, now);
  return changed;
}

async function announceOptOuts(
  tx: Executor,
  jobs: JobQueue,
  projectId: string,
  changed: { contact_id: string; topic_id: string; subscription: TopicSubscription }[],
  now: Date,
) {
  const left = changed.filter((c) => c.subscription === "opt_out");
  if (left.length === 0) return;
  const found = await tx
    .select({ id: contacts.id, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.projectId, projectId),
        inArray(contacts.id, [...new Set(left.map((c) => c.contact_id))]),
      ),
    );
  const emailOf = new Map(found.map((c) => [c.id, c.email]));
  await enqueueContactWebhooks(
    tx,
    jobs,
    left.map((c) => ({
      contact: { id: c.contact_id, projectId, email: emailOf.get(c.contact_id)! },
      change: null,
      unsubscribed: { topicId: c.topic_id },
    })),
    now,
  );
}
