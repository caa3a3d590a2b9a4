import { foreignKey, index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { contacts } from "./contacts";
import { projectForeignKey } from "./projects";

/**
 * Custom events (POST /v1/events). On PostgreSQL and PGlite the table is range-partitioned by
 * month of created_at (migration 0035_partition_events, which drizzle-kit cannot express), so
 * the primary key includes created_at; lib/events/partitions.ts adds the months ahead and the
 * retention pass drops the months nobody keeps.
 */
export const events = pgTable(
  "events",
  {
    id: text().notNull(),
    projectId: projectForeignKey(),
    name: text().notNull(),
    contactId: text(),
    email: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id, t.createdAt] }),
    // ON DELETE SET NULL (column) in the migration: a plain SET NULL would null project_id too.
    foreignKey({
      name: "events_contact_fk",
      columns: [t.projectId, t.contactId],
      foreignColumns: [contacts.projectId, contacts.id],
    }).onDelete("set null"),
    index("events_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index("events_contact_created_idx").on(t.contactId, t.createdAt.desc(), t.id.desc()),
    // The dashboard's events log filters by name and by address (lib/events/list.ts).
    index("events_project_name_created_idx").on(
      t.projectId,
      t.name,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("events_project_email_created_idx").on(
      t.projectId,
      t.email,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

export type RecordedEvent = typeof events.$inferSelect;
