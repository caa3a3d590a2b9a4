import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

export const contacts = pgTable(
  "contacts",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    email: text().notNull(),
    name: text(),
    subscribed: boolean().notNull().default(true),
    source: text().notNull().default("api"),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    // Double opt-in: set while a new contact has not confirmed yet (the link's secret).
    confirmationToken: text(),
    // When the confirmation link was sent: it works for CONFIRMATION_VALIDITY_DAYS after.
    confirmationSentAt: timestamp({ precision: 3, withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // Emails are stored lowercased, so (project, email) is (project, lower(email)).
    uniqueIndex("contacts_project_email_key").on(t.projectId, t.email),
    // The confirmation link carries only the token, so it is looked up without a project (on
    // Citus, on every shard): random, so unique by construction; the key includes project_id.
    uniqueIndex("contacts_confirmation_token_key")
      .on(t.projectId, t.confirmationToken)
      .where(sql`${t.confirmationToken} is not null`),
    index("contacts_confirmation_token_idx")
      .on(t.confirmationToken)
      .where(sql`${t.confirmationToken} is not null`),
    check("contacts_email_lowercase", sql`${t.email} = lower(${t.email})`),
    // Campaign fan-out streams a project's audience in id order: the primary key serves it.
    // Jobs load a contact by its id alone.
    index("contacts_id_idx").on(t.id),
    index("contacts_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index("contacts_project_subscribed_created_idx").on(
      t.projectId,
      t.subscribed,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Search by part of the email or name (ILIKE '%term%'): trigram indexes (pg_trgm).
    index("contacts_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("contacts_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    // Tags (`data.tags`, a JSON array of strings) are a segment filter: `data->'tags' @> '["vip"]'`.
    index("contacts_tags_idx").using("gin", sql`(${t.data} -> 'tags') jsonb_path_ops`),
  ],
);

export type Contact = typeof contacts.$inferSelect;
