import { boolean, pgTable, text } from "drizzle-orm/pg-core";
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Project = typeof projects.$inferSelect;
