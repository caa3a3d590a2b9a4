import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, timestampMs, updatedAt } from "./columns";
import { projects } from "./projects";

export type ImportRowError = { row: number; message: string };

export const contactImports = pgTable(
  "contact_imports",
  {
    id: idColumn(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    status: text({ enum: ["pending", "running", "completed", "failed"] })
      .notNull()
      .default("pending"),
    format: text({ enum: ["csv", "ndjson"] }).notNull(),
    mapping: jsonb().$type<Record<string, string>>().notNull().default({}),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    errors: jsonb().$type<ImportRowError[]>().notNull().default([]),
    finishedAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contact_imports_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type ContactImport = typeof contactImports.$inferSelect;
