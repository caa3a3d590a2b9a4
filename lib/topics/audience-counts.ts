import { and, count, eq } from "drizzle-orm";
import { contacts, contactTopics, topics } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * How many subscribed contacts each topic of the project reaches now (the Topics page's count):
 * for an `opt_in` topic, every subscribed contact less those who opted out of it; for an
 * `opt_out` topic, the subscribed contacts who opted in. Two grouped reads, whatever the number of
 * topics: the subscribed contacts once, and the explicit choices of subscribed contacts by topic.
 */
export async function topicAudienceCounts(
  db: Executor,
  projectId: string,
): Promise<Map<string, number>> {
  const [subscribed] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.projectId, projectId), eq(contacts.subscribed, true)));
  const choices = await db
    .select({
      topicId: contactTopics.topicId,
      subscription: contactTopics.subscription,
      n: count(),
    })
    .from(contactTopics)
    .innerJoin(contacts, eq(contacts.id, contactTopics.contactId))
    .where(and(eq(contactTopics.projectId, projectId), eq(contacts.subscribed, true)))
    .groupBy(contactTopics.topicId, contactTopics.subscription);
  const all = await db
    .select({ id: topics.id, defaultSubscription: topics.defaultSubscription })
    .from(topics)
    .where(eq(topics.projectId, projectId));

  const chosen = (topicId: string, subscription: "opt_in" | "opt_out") =>
    Number(choices.find((c) => c.topicId === topicId && c.subscription === subscription)?.n ?? 0);
  const everyone = Number(subscribed?.n ?? 0);
  return new Map(
    all.map((t) => [
      t.id,
      t.defaultSubscription === "opt_in"
        ? everyone - chosen(t.id, "opt_out")
        : chosen(t.id, "opt_in"),
    ]),
  );
}
