import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";
import { contacts } from "./contacts";
import { projects } from "./projects";

export const events = pgTable(
  "events",
  {
    id: idColumn(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text().notNull(),
    contactId: text().references(() => contacts.id, { onDelete: "set null" }),
    email: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
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
