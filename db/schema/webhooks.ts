import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { createdAt, rowIdColumn, timestampMs, updatedAt } from "./columns";
import { projectForeignKey } from "./projects";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: rowIdColumn(),
    projectId: projectForeignKey(),
    url: text().notNull(),
    description: text(),
    events: text().array().notNull(),
    // Created without `events`: receives every type, including types added later (DECISIONS §15).
    allEvents: boolean().notNull().default(false),
    secret: text().notNull(),
    active: boolean().notNull().default(true),
    disabledReason: text(),
    // Start of the current unbroken run of failed deliveries (auto-disable after 3 days).
    failingSince: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    // Delivery jobs load an endpoint by its id alone.
    index("webhook_endpoints_id_idx").on(t.id),
    index("webhook_endpoints_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: rowIdColumn(),
    projectId: text().notNull(),
    endpointId: text().notNull(),
    eventType: text().notNull(),
    // The exact bytes that are signed and sent, so every retry and replay is identical.
    payload: text().notNull(),
    status: text({ enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampMs(),
    lastStatusCode: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    foreignKey({
      name: "webhook_deliveries_endpoint_fk",
      columns: [t.projectId, t.endpointId],
      foreignColumns: [webhookEndpoints.projectId, webhookEndpoints.id],
    }).onDelete("cascade"),
    // Delivery jobs load a delivery by its id alone.
    index("webhook_deliveries_id_idx").on(t.id),
    index("webhook_deliveries_endpoint_created_idx").on(
      t.endpointId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: rowIdColumn(),
    projectId: text().notNull(),
    deliveryId: text().notNull(),
    attemptedAt: timestampMs().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    responseBody: text(), // first KiB
    error: text(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.id] }),
    foreignKey({
      name: "webhook_attempts_delivery_fk",
      columns: [t.projectId, t.deliveryId],
      foreignColumns: [webhookDeliveries.projectId, webhookDeliveries.id],
    }).onDelete("cascade"),
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
