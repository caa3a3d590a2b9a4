import { z } from "zod";
import { EMAIL_STATUSES, EMAIL_TYPES } from "@/db/schema";
import { PageQuery } from "@/lib/core/pagination";
import { SearchTerm } from "@/lib/core/search/contains";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * A date (`2026-06-01`, a whole UTC day) or an ISO timestamp. `edge` says which end of a day a
 * bare date stands for: `since` starts at its midnight, `until` includes the whole day.
 */
function dateBound(edge: "start" | "end") {
  return z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value, issue) => {
      if (!value) return undefined;
      const time = Date.parse(DAY.test(value) ? `${value}T00:00:00.000Z` : value);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time)) {
        issue.addIssue({
          code: "custom",
          message: "must be a date (YYYY-MM-DD) or an ISO timestamp",
        });
        return z.NEVER;
      }
      // `until=2026-06-01` means through the end of that day: its last millisecond (timestamps
      // are stored at millisecond precision, db/schema/columns.ts).
      return new Date(edge === "end" && DAY.test(value) ? time + DAY_MS - 1 : time);
    });
}

const Id = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/**
 * The filters of GET /v1/emails. `campaign_id`/`automation_id` are the API's names (as Resend's
 * and the rest of the API's); `campaign`/`automation` stay accepted (the dashboard's URLs).
 */
export const ListEmailsQuery = PageQuery.extend({
  status: z
    .enum(EMAIL_STATUSES, { error: `must be one of ${EMAIL_STATUSES.join(", ")}` })
    .optional(),
  type: z.enum(EMAIL_TYPES, { error: `must be one of ${EMAIL_TYPES.join(", ")}` }).optional(),
  /** Part of the recipient's address, any case. */
  search: SearchTerm.describe("Part of the recipient's address, any case."),
  to: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((v) => v?.toLowerCase() || undefined)
    .describe("The recipient's address, exactly (any case)."),
  contact_id: Id.describe("Emails to this contact (ct_…)."),
  campaign_id: Id.describe("Emails of this campaign (cmp_…)."),
  automation_id: Id.describe("Emails of this automation."),
  campaign: Id.describe("Old name of campaign_id."),
  automation: Id.describe("Old name of automation_id."),
  /** Created at or after (a date: from its midnight, UTC). */
  since: dateBound("start").describe(
    "Created at or after: a date (YYYY-MM-DD, from its midnight UTC) or an ISO timestamp.",
  ),
  /** Created at or before (a date: through the end of that day, UTC). */
  until: dateBound("end").describe(
    "Created at or before: a date (through the end of that day, UTC) or an ISO timestamp.",
  ),
});
export type ListEmailsQuery = z.input<typeof ListEmailsQuery>;
