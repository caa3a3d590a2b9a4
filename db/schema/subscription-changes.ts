import { boolean, foreignKey, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn } from "./columns";
import { contacts } from "./contacts";
import { projectForeignKey } from "./projects";

export const SUBSCRIPTION_CHANGE_VIA = ["unsubscribe_link", "double_opt_in", "update"] as const;
export type SubscriptionChangeVia = (typeof SUBSCRIPTION_CHANGE_VIA)[number];

/**
 * Every change of a contact's `subscribed`, written by a database trigger on `contacts`
 * (migration 0018_subscription_change_trigger) so that no writer can forget it: the API upsert,
 * PATCH, imports, automation actions, the unsubscribe link and double opt-in all change the
 * column in their own statements. `created_at` is the contact's `updated_at` of that change (the
 * application clock). `email_id` names the email whose unsubscribe link was used.
 */
export const subscriptionChanges = pgTable(
  "subscription_changes",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    contactId: text().notNull(),
    subscribed: boolean().notNull(),
    via: text({ enum: SUBSCRIPTION_CHANGE_VIA }).notNull(),
    emailId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    foreignKey({
      name: "subscription_changes_contact_fk",
      columns: [t.projectId, t.contactId],
      foreignColumns: [contacts.projectId, contacts.id],
    }).onDelete("cascade"),
    index("subscription_changes_contact_created_idx").on(
      t.contactId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

export type SubscriptionChange = typeof subscriptionChanges.$inferSelect;
