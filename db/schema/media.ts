import { index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, rowIdColumn } from "./columns";
import { projectForeignKey } from "./projects";

/**
 * Images uploaded for templates, kept in the database (docs/decisions: media in the database) and
 * served publicly at `${APP_URL}/media/<id>.<ext>`: the id is unguessable, the bytes immutable.
 */
export const media = pgTable(
  "media",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    /** Sniffed from the bytes, never taken from the client: image/png, jpeg, gif or webp. */
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    size: integer().notNull(),
    /** Hex SHA-256 of the bytes: the same image uploaded twice is stored once per project. */
    sha256: text().notNull(),
    /** The uploaded file's name, for the gallery's labels only. */
    filename: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // A public media URL names the file by its id alone.
    index("media_id_idx").on(t.id),
    index("media_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("media_project_sha256_key").on(t.projectId, t.sha256),
  ],
);

export type Media = typeof media.$inferSelect;
