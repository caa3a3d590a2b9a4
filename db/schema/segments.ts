import { index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

export type SegmentRule = { field: string; operator: string; value?: unknown };
export type SegmentConditions = { match: "all" | "any"; rules: SegmentRule[] };

export const segments = pgTable(
  "segments",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    name: text().notNull(),
    conditions: jsonb().$type<SegmentConditions>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    index("segments_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type Segment = typeof segments.$inferSelect;
