import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Instance-wide secrets generated on first boot (auth secret, link-signing key). */
export const instanceSettings = pgTable("instance_settings", {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
