import { and, eq, inArray } from "drizzle-orm";
import { topics } from "@/db/schema";
import type { Executor } from "@/db";
import { NotFoundError, ValidationError } from "@/lib/core/errors";

export async function findTopicOrThrow(db: Executor, projectId: string, topicId: string) {
  const [topic] = await db
    .select()
    .from(topics)
    .where(and(eq(topics.projectId, projectId), eq(topics.id, topicId)))
    .limit(1);
  if (!topic) throw new NotFoundError("Topic");
  return topic;
}

/**
 * Refuses topic ids that are not the project's (422 at `path`, naming each one): a campaign, a
 * segment rule or a contact's choices can only point at topics that exist.
 */
export async function assertProjectTopics(
  db: Executor,
  projectId: string,
  refs: { id: string; path: string }[],
) {
  if (refs.length === 0) return;
  const ids = [...new Set(refs.map((r) => r.id))];
  const found = await db
    .select({ id: topics.id })
    .from(topics)
    .where(and(eq(topics.projectId, projectId), inArray(topics.id, ids)));
  const known = new Set(found.map((t) => t.id));
  const unknown = refs.filter((r) => !known.has(r.id));
  if (unknown.length === 0) return;
  throw new ValidationError(
    unknown.length === 1 ? "The topic does not exist." : "Some topics do not exist.",
    unknown.map((r) => ({ path: r.path, message: `is not a topic of this project (${r.id})` })),
  );
}

/** The project's topics by id and name (imports map `topic:<name>` columns with it). */
export function projectTopics(db: Executor, projectId: string) {
  return db
    .select({ id: topics.id, name: topics.name, defaultSubscription: topics.defaultSubscription })
    .from(topics)
    .where(eq(topics.projectId, projectId))
    .orderBy(topics.createdAt, topics.id);
}
