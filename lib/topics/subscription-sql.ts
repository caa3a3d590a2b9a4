import { sql, type SQL } from "drizzle-orm";
import { contactTopics, topics } from "@/db/schema";

/**
 * A contact row's subscription to a topic in SQL (`'opt_in'` or `'opt_out'`): its own choice,
 * else the topic's default. The choice is one probe of contact_topics' primary key (project,
 * contact, topic) per contact, and the default an uncorrelated subquery PostgreSQL runs once, so a
 * campaign's fan-out pays an index lookup per recipient (list-plans.test.ts holds it). A topic
 * that no longer exists yields null: the contact is neither opted in nor out of it.
 */
export function topicSubscriptionSql(topicId: string, contactsAlias = "contacts"): SQL {
  const contact = sql.identifier(contactsAlias);
  return sql`coalesce(
    (select ct.subscription from ${contactTopics} ct
      where ct.project_id = ${contact}."project_id" and ct.contact_id = ${contact}."id"
        and ct.topic_id = ${topicId}),
    (select t.default_subscription from ${topics} t where t.id = ${topicId}))`;
}

/** Whether the contact row is opted in to the topic (its choice, else the default). */
export function optedInSql(topicId: string, contactsAlias = "contacts"): SQL {
  return sql`(${topicSubscriptionSql(topicId, contactsAlias)} = 'opt_in')`;
}
