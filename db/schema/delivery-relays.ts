import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

/**
 * How a project's mail leaves (DECISIONS §12): SMTP relays and Resend, tried in `priority`
 * order (lowest first) with failover. No rows: the environment's SMTP_URL / RESEND_API_KEY.
 * The password or API key is sealed with the instance key (lib/core/secrets/box.ts), never returned.
 */
export const deliveryRelays = pgTable(
  "delivery_relays",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    kind: text({ enum: ["smtp", "resend"] }).notNull(),
    /** A label the admin recognizes ("Postmark", "Office relay"). */
    name: text().notNull(),
    host: text(),
    port: integer(),
    tlsMode: text({ enum: ["starttls", "tls", "none"] }),
    /** Off only for relays with a self-signed certificate (a local test relay). */
    verifyCertificate: boolean().notNull().default(true),
    username: text(),
    /** SMTP password or Resend API key, sealed; `secretHint` is its last characters, for display. */
    sealedSecret: text(),
    secretHint: text(),
    priority: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    index("delivery_relays_project_idx").on(t.projectId, t.priority, t.createdAt),
  ],
);

export type DeliveryRelay = typeof deliveryRelays.$inferSelect;
