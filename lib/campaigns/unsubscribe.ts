import { and, eq, sql } from "drizzle-orm";
import { contacts, emails, projects } from "@/db/schema";
import type { Database } from "@/db";
import type { Clock } from "../clock";
import { isPlausibleToken } from "../tracking/token";
import { countCampaignUnsubscribe } from "./counters";

export type UnsubscribeTarget = { address: string; projectName: string; subscribed: boolean };

async function emailByToken(db: Database, token: string) {
  if (!isPlausibleToken(token)) return null;
  const [row] = await db
    .select({
      emailId: emails.id,
      contactId: emails.contactId,
      campaignId: emails.campaignId,
      campaignVariant: emails.campaignVariant,
      address: emails.to,
      projectName: projects.name,
      subscribed: contacts.subscribed,
    })
    .from(emails)
    .innerJoin(projects, eq(projects.id, emails.projectId))
    .innerJoin(contacts, eq(contacts.id, emails.contactId))
    .where(eq(emails.unsubscribeToken, token))
    .limit(1);
  return row ?? null;
}

/** Who an unsubscribe link is for (the hosted page shows it before the click). */
export async function describeUnsubscribe(db: Database, token: string) {
  const row = await emailByToken(db, token);
  return row
    ? { address: row.address, projectName: row.projectName, subscribed: row.subscribed }
    : null;
}

/**
 * One-click unsubscribe (RFC 8058) from a campaign or automation email: the contact becomes
 * `subscribed: false`, so campaigns and automation emails skip it while transactional mail still
 * reaches it (DECISIONS §6); the campaign's variant counts the unsubscribe once, and the contact's
 * subscription history records which email it came from. Idempotent.
 */
export async function unsubscribeByToken(
  deps: { db: Database; clock: Clock },
  token: string,
): Promise<UnsubscribeTarget | null> {
  const row = await emailByToken(deps.db, token);
  if (!row?.contactId) return null;
  await deps.db.transaction(async (tx) => {
    // Names the email in the contact's subscription history (the trigger of migration 0014).
    await tx.execute(sql`select set_config('mailwright.unsubscribe_email', ${row.emailId}, true)`);
    const changed = await tx
      .update(contacts)
      .set({ subscribed: false, updatedAt: deps.clock.now() })
      .where(and(eq(contacts.id, row.contactId!), eq(contacts.subscribed, true)))
      .returning({ id: contacts.id });
    if (changed.length > 0) await countCampaignUnsubscribe(tx, row);
  });
  return { address: row.address, projectName: row.projectName, subscribed: false };
}
