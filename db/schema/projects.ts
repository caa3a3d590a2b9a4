import { boolean, doublePrecision, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "./columns";

export const projects = pgTable("projects", {
  id: idColumn(),
  name: text().notNull(),
  // Default sender used by automation steps and the dashboard's "send test email".
  defaultFromName: text(),
  defaultFromEmail: text(),
  doubleOptIn: boolean().notNull().default(false),
  // Printed in the footer of marketing email (DECISIONS §8; CAN-SPAM asks for one).
  postalAddress: text(),
  // The language of the project's email (<html lang>), an IETF tag such as "en" or "pt-BR".
  language: text().notNull().default("en"),
  // Deliverability circuit breaker (lib/breaker): a sending campaign or live automation pauses
  // itself past these rates (percent) once it has this many sends to judge by.
  bounceRateThreshold: doublePrecision().notNull().default(5),
  complaintRateThreshold: doublePrecision().notNull().default(0.3),
  breakerMinimumSends: integer().notNull().default(200),
  // Email content (bodies, attachments, submitted and received messages) older than this many
  // days is removed by the retention pass (lib/emails/retention.ts); the emails and their
  // counters stay.
  emailContentRetentionDays: integer().notNull().default(90),
  // Opens, clicks, deliveries and custom events (email_events, events) older than this many days
  // are removed by the retention pass (lib/events/retention.ts); counters stay.
  eventRetentionDays: integer().notNull().default(400),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Project = typeof projects.$inferSelect;

/**
 * The `project_id` of a table that belongs to a project: the project's rows go with it (ON DELETE
 * CASCADE). Here rather than in columns.ts, which projects.ts imports.
 */
export const projectForeignKey = () =>
  text()
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" });
