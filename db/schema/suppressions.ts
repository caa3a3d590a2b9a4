import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { projectForeignKey } from "./projects";

export const SUPPRESSION_REASONS = ["hard_bounce", "complaint", "unsubscribe", "manual"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const suppressions = pgTable(
  "suppressions",
  {
    projectId: projectForeignKey(),
    email: text().notNull(),
    reason: text({ enum: SUPPRESSION_REASONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.email] }),
    index("suppressions_project_created_idx").on(t.projectId, t.createdAt.desc(), t.email.desc()),
  ],
);

export type Suppression = typeof suppressions.$inferSelect;
