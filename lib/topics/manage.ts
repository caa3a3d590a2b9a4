import { and, eq, ne, sql } from "drizzle-orm";
import { automations, campaigns, topics } from "@/db/schema";
import type { Executor } from "@/db";
import type { ServiceContext } from "@/lib/core/context";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { isUniqueViolation } from "@/lib/core/unique-violation";
import { findTopicOrThrow } from "./internal";
import { CreateTopicInput, ListTopicsQuery, UpdateTopicInput } from "./schemas";
import { serializeTopic } from "./serialize";

const topicExists = (name: string) =>
  new ConflictError(`A topic named "${name}" already exists in this project.`, "topic_exists");

// POST /v1/topics
export async function createTopic(ctx: ServiceContext, input: unknown) {
  const values = parseInput(CreateTopicInput, input);
  const now = ctx.clock.now();
  const [topic] = await ctx.db
    .insert(topics)
    .values({
      id: newId("tp", now.getTime()),
      projectId: ctx.projectId,
      name: values.name,
      description: values.description ?? null,
      defaultSubscription: values.default_subscription,
      visibility: values.visibility,
      createdAt: now,
      updatedAt: now,
    })
    // The name index (per project, any case) is the only one a new id can meet.
    .onConflictDoNothing()
    .returning();
  if (!topic) throw topicExists(values.name);
  return topic;
}

// GET /v1/topics — newest first
export async function listTopics(ctx: ServiceContext, query: unknown) {
  const { limit, cursor } = parseInput(ListTopicsQuery, query);
  const scope = `${ctx.projectId}:topics`;
  const rows = await ctx.db
    .select()
    .from(topics)
    .where(
      and(
        eq(topics.projectId, ctx.projectId),
        beforeCursor(topics.createdAt, topics.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(topics.createdAt, topics.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeTopic);
}

export const getTopic = (ctx: ServiceContext, id: string) =>
  findTopicOrThrow(ctx.db, ctx.projectId, id);

// PATCH /v1/topics/:id
export async function updateTopic(ctx: ServiceContext, id: string, input: unknown) {
  const values = parseInput(UpdateTopicInput, input);
  await findTopicOrThrow(ctx.db, ctx.projectId, id);
  if (values.name !== undefined) {
    const [clash] = await ctx.db
      .select({ id: topics.id })
      .from(topics)
      .where(
        and(
          eq(topics.projectId, ctx.projectId),
          sql`lower(${topics.name}) = lower(${values.name})`,
          ne(topics.id, id),
        ),
      )
      .limit(1);
    if (clash) throw topicExists(values.name);
  }
  try {
    const [topic] = await ctx.db
      .update(topics)
      .set({
        ...(values.name !== undefined && { name: values.name }),
        ...(values.description !== undefined && { description: values.description }),
        ...(values.default_subscription && { defaultSubscription: values.default_subscription }),
        ...(values.visibility && { visibility: values.visibility }),
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(topics.projectId, ctx.projectId), eq(topics.id, id)))
      .returning();
    if (!topic) throw new NotFoundError("Topic");
    return topic;
  } catch (error) {
    // A rename racing another to the same name: the index decides, the loser gets the same 409.
    if (values.name !== undefined && isUniqueViolation(error)) throw topicExists(values.name);
    throw error;
  }
}

/**
 * DELETE /v1/topics/:id: refused (409 topic_in_use) while a campaign that has not been sent or a
 * live automation's email step is about it, since their recipients depend on it. Contacts'
 * choices go with the topic.
 */
export async function deleteTopic(ctx: ServiceContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const topic = await findTopicOrThrow(tx, ctx.projectId, id);
    const users = await topicUsers(tx, ctx.projectId, id);
    if (users.length > 0) {
      throw new ConflictError(
        `The topic "${topic.name}" is used by ${users.join(", ")}: change or finish those first.`,
        "topic_in_use",
      );
    }
    await tx.delete(topics).where(and(eq(topics.projectId, ctx.projectId), eq(topics.id, id)));
    return { id, deleted: true as const };
  });
}

/** What depends on the topic: unsent campaigns and live automations, by name. */
export async function topicUsers(
  db: Executor,
  projectId: string,
  topicId: string,
): Promise<string[]> {
  const unsent = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.projectId, projectId),
        eq(campaigns.topicId, topicId),
        ne(campaigns.status, "sent"),
      ),
    )
    .limit(5);
  const live = await db
    .select({ name: automations.name })
    .from(automations)
    .where(
      and(
        eq(automations.projectId, projectId),
        ne(automations.status, "draft"),
        sql`exists (select 1 from jsonb_array_elements(${automations.steps}) s
          where s->>'type' = 'email' and s->>'topicId' = ${topicId})`,
      ),
    )
    .limit(5);
  return [
    ...unsent.map((c) => `campaign "${c.name}"`),
    ...live.map((a) => `automation "${a.name}"`),
  ];
}
