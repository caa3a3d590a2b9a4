import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, timestampMs, updatedAt } from "./columns";
import { projects } from "./projects";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: idColumn(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
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
    index("webhook_endpoints_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: idColumn(),
    projectId: text().notNull(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
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
    id: idColumn(),
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestampMs().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    responseBody: text(), // first KiB
    error: text(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
