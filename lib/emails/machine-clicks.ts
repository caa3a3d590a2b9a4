import { and, eq, inArray, sql } from "drizzle-orm";
import { emailEvents, emails, type Email } from "@/db/schema";
import type { Executor } from "@/db";
import { uncountHumanClicker } from "./campaign-counters";

/**
 * Clicks recorded as a person's that a later click showed to be a machine's (a scanner's burst
 * over the email's links, lib/tracking): their events say `machine: true` with the reason, the
 * email's `human_clicks` drops by as many, and a campaign recipient left with no human click is
 * no longer counted as a human clicker. The `email.clicked` webhooks they fired said
 * `machine: false` and cannot be recalled (docs/engagement.md). Returns how many changed.
 */
export async function reclassifyClicksAsMachine(
  tx: Executor,
  email: Pick<Email, "id" | "projectId" | "campaignId" | "campaignVariant" | "contactId">,
  eventIds: string[],
  reason: string,
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const changed = await tx
    .update(emailEvents)
    .set({ data: sql`${emailEvents.data} || ${JSON.stringify({ machine: true, reason })}::jsonb` })
    .where(
      and(
        eq(emailEvents.emailId, email.id),
        eq(emailEvents.type, "clicked"),
        inArray(emailEvents.id, eventIds),
        sql`coalesce(${emailEvents.data} ->> 'machine', 'false') <> 'true'`,
      ),
    )
    .returning({ id: emailEvents.id });
  if (changed.length === 0) return 0;
  const [row] = await tx
    .update(emails)
    .set({ humanClicks: sql`greatest(${emails.humanClicks} - ${changed.length}, 0)` })
    .where(eq(emails.id, email.id))
    .returning({ humanClicks: emails.humanClicks });
  if (row && row.humanClicks === 0) await uncountHumanClicker(tx, email);
  return changed.length;
}
