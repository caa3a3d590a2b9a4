import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, timestampMs, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

export const users = pgTable(
  "users",
  {
    id: idColumn(),
    email: text().notNull(),
    name: text(),
    passwordHash: text().notNull(),
    /**
     * The password was generated (first boot printed it): the first sign-in asks for a new one
     * before anything else (lib/users/first-sign-in.ts).
     */
    mustChangePassword: boolean().notNull().default(false),
    lastLoginAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

export const memberships = pgTable(
  "memberships",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: projectForeignKey(),
    role: text({ enum: ["admin", "member"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index("memberships_project_idx").on(t.projectId),
  ],
);

export type User = typeof users.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
