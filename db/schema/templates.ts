import { index, pgTable, text } from "drizzle-orm/pg-core";
import { boolean } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "./columns";
import { projects } from "./projects";

export const templates = pgTable(
  "templates",
  {
    id: idColumn(),
    // null for system (gallery) templates, shared read-only by every project.
    projectId: text().references(() => projects.id, { onDelete: "cascade" }),
    name: text().notNull(),
    category: text().notNull(),
    subject: text().notNull(),
    source: text().notNull().default(""),
    format: text({ enum: ["html", "blocks"] })
      .notNull()
      .default("blocks"),
    isSystem: boolean().notNull().default(false),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("templates_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index("templates_project_category_created_idx").on(
      t.projectId,
      t.category,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("templates_system_created_idx").on(t.isSystem, t.createdAt.desc(), t.id.desc()),
  ],
);

export type Template = typeof templates.$inferSelect;
