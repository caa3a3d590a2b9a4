import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { projectForeignKey } from "./projects";

/**
 * What a template-built email is rendered from, stored once for all the emails sent from it: the
 * template's source as it was sent (marketing footer included), its format, preview text and
 * language (the subject is the email's own, stored rendered). Each such email keeps only its recipient's variables
 * (`emails.variables`) and renders its body from this when it is delivered or shown
 * (lib/templates/stored-content.ts), so a campaign to a million contacts stores its 20 KiB newsletter once,
 * not once per recipient. The id is a hash of the content: a template version sent by many
 * campaigns, sends and automation steps is one row, and rows are never changed. Not removed by
 * retention either: a template is not personal data, and an email whose content was removed
 * renders nothing.
 */
export const emailContents = pgTable(
  "email_contents",
  {
    id: text().notNull(),
    projectId: projectForeignKey(),
    format: text({ enum: ["html", "blocks"] }).notNull(),
    source: text().notNull(),
    previewText: text().notNull(),
    lang: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

export type EmailContent = typeof emailContents.$inferSelect;
