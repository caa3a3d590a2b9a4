import { sql } from "drizzle-orm";
import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, updatedAt } from "./columns";
import { contacts } from "./contacts";
import { projectForeignKey } from "./projects";

export const TOPIC_SUBSCRIPTIONS = ["opt_in", "opt_out"] as const;
export type TopicSubscription = (typeof TOPIC_SUBSCRIPTIONS)[number];
export const TOPIC_VISIBILITIES = ["public", "private"] as const;
export type TopicVisibility = (typeof TOPIC_VISIBILITIES)[number];

/**
 * What a project writes about (DECISIONS §13): a contact is subscribed to each topic by its own
 * choice (contact_topics) or else by the topic's default. Public topics are on the preference
 * center; private ones are set by the API and the dashboard only.
 */
export const topics = pgTable(
  "topics",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    name: text().notNull(),
    description: text(),
    defaultSubscription: text({ enum: TOPIC_SUBSCRIPTIONS }).notNull().default("opt_in"),
    visibility: text({ enum: TOPIC_VISIBILITIES }).notNull().default("public"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // Names are unique per project whatever their case: a reader could not tell "News" from "news".
    uniqueIndex("topics_project_name_key").on(t.projectId, sql`lower(${t.name})`),
    index("topics_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A contact's explicit choice for one topic; no row means the topic's default. The primary key
 * (contact, topic) answers the campaign fan-out's per-contact "opted out of this topic?" probe;
 * the topic index serves segment rules and counts that start from the topic.
 */
export const contactTopics = pgTable(
  "contact_topics",
  {
    contactId: text().notNull(),
    topicId: text().notNull(),
    projectId: text().notNull(),
    subscription: text({ enum: TOPIC_SUBSCRIPTIONS }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.contactId, t.topicId] }),
    foreignKey({
      name: "contact_topics_contact_fk",
      columns: [t.projectId, t.contactId],
      foreignColumns: [contacts.projectId, contacts.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "contact_topics_topic_fk",
      columns: [t.projectId, t.topicId],
      foreignColumns: [topics.projectId, topics.id],
    }).onDelete("cascade"),
    index("contact_topics_topic_subscription_idx").on(t.topicId, t.subscription, t.contactId),
  ],
);

export type Topic = typeof topics.$inferSelect;
export type ContactTopic = typeof contactTopics.$inferSelect;
