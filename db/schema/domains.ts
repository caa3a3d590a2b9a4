import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idColumn, timestampMs, updatedAt } from "./columns";
import { projects } from "./projects";

export const domains = pgTable(
  "domains",
  {
    id: idColumn(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text().notNull(),
    status: text({ enum: ["pending", "verified", "failed"] })
      .notNull()
      .default("pending"),
    dkimSelector: text().notNull(),
    dkimPublicKey: text().notNull(), // base64 DER (SPKI), as published in DNS
    dkimPrivateKey: text().notNull(), // PEM (PKCS#8)
    verifiedAt: timestampMs(),
    lastCheckedAt: timestampMs(),
    // DECISIONS §8: whether mail from this domain gets the open pixel / rewritten links.
    openTracking: boolean().notNull().default(true),
    clickTracking: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("domains_project_name_key").on(t.projectId, t.name),
    index("domains_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type Domain = typeof domains.$inferSelect;
