import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, timestampMs, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

export const domains = pgTable(
  "domains",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    name: text().notNull(),
    status: text({ enum: ["pending", "verified", "failed"] })
      .notNull()
      .default("pending"),
    dkimSelector: text().notNull(),
    dkimPublicKey: text().notNull(), // base64 DER (SPKI), as published in DNS
    dkimPrivateKey: text().notNull(), // PEM (PKCS#8)
    // Tracking policy for mail from this domain (DECISIONS §8), applied at delivery.
    openTracking: boolean().notNull().default(true),
    clickTracking: boolean().notNull().default(true),
    // Inbound email (DECISIONS §16): the receiver accepts mail for any address at this name.
    receiving: boolean().notNull().default(false),
    // Warm-up (docs/delivery.md): campaign mail from a newly verified domain is capped per day,
    // the cap growing day by day (lib/sending/warmup.ts). On for new domains; domains that
    // existed before warm-up did are considered warm (migration 0036).
    warmup: boolean().notNull().default(true),
    verifiedAt: timestampMs(),
    // How the domain became verified: its DKIM record was found (`dns`) or an admin vouched for
    // it (`manual`: dashboard "Mark as verified" or the CLI's --verified). A re-check never
    // demotes a manual verification (docs/decisions, verified domains and re-checks).
    verificationMethod: text({ enum: ["dns", "manual"] }),
    // Who marked it verified (an email for the dashboard, "admin CLI" for the CLI); null for DNS.
    verifiedBy: text(),
    lastCheckedAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    uniqueIndex("domains_project_name_key").on(t.projectId, t.name),
    index("domains_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    // One project receives a name's mail (docs/decisions/0052); the receiver's RCPT lookup.
    uniqueIndex("domains_receiving_name_key")
      .on(t.name)
      .where(sql`${t.receiving}`),
  ],
);

export type Domain = typeof domains.$inferSelect;

/** Campaign emails a domain in warm-up was allowed to send each day (UTC). */
export const domainDailySends = pgTable(
  "domain_daily_sends",
  {
    projectId: projectForeignKey(),
    domainId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    sent: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.domainId, t.day] }),
    foreignKey({
      name: "domain_daily_sends_domain_fk",
      columns: [t.projectId, t.domainId],
      foreignColumns: [domains.projectId, domains.id],
    }).onDelete("cascade"),
  ],
);
