import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, timestampMs, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

export type ImportRowError = { row: number; message: string };
/** A row repeating the email of an earlier row of the same file (rows are applied in order). */
export type ImportDuplicateRow = { row: number; first_row: number; email: string };

export const contactImports = pgTable(
  "contact_imports",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    status: text({ enum: ["pending", "running", "completed", "failed"] })
      .notNull()
      .default("pending"),
    format: text({ enum: ["csv", "ndjson"] }).notNull(),
    // The key that started it: a test key's import starts test automation runs (DECISIONS §8).
    mode: text({ enum: ["live", "test"] })
      .notNull()
      .default("live"),
    // CSV: the header's columns and where each goes (email, name, subscribed, data.<key>, ignore).
    columns: jsonb().$type<string[]>().notNull().default([]),
    mapping: jsonb().$type<Record<string, string>>().notNull().default({}),
    // CSV's field separator, detected from the header line.
    delimiter: text({ enum: [",", ";", "\t"] })
      .notNull()
      .default(","),
    // The next chunk to process: a resumed import starts there.
    nextChunk: integer().notNull().default(0),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    createdCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    errors: jsonb().$type<ImportRowError[]>().notNull().default([]),
    // Rows whose email an earlier row of the file holds: the first 1,000 are kept.
    duplicateCount: integer().notNull().default(0),
    duplicates: jsonb().$type<ImportDuplicateRow[]>().notNull().default([]),
    finishedAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // The import job loads its import by id alone.
    index("contact_imports_id_idx").on(t.id),
    index("contact_imports_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type ContactImport = typeof contactImports.$inferSelect;

/**
 * The uploaded file of an import, stored in line-aligned pieces (≈ 1 MiB) inside the upload's
 * transaction, so any worker process can stream it back and a crash loses nothing.
 */
export const contactImportChunks = pgTable(
  "contact_import_chunks",
  {
    projectId: text().notNull(),
    importId: text().notNull(),
    seq: integer().notNull(),
    // Number of the chunk's first data row in the file (1-based), for error reports.
    firstRow: integer().notNull(),
    data: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.importId, t.seq] }),
    foreignKey({
      name: "contact_import_chunks_import_fk",
      columns: [t.projectId, t.importId],
      foreignColumns: [contactImports.projectId, contactImports.id],
    }).onDelete("cascade"),
  ],
);
