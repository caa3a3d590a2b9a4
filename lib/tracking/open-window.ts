import { sql } from "drizzle-orm";
import { emailOpenClients } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * Reloading an email's pixel (a reader reopening the message, a client re-fetching images)
 * counts as one open per client per window: the same address and user agent (request.ts) within
 * OPEN_WINDOW_MS of its last counted open adds no open and fires no `email.opened` webhook.
 */
export const OPEN_WINDOW_MS = 60_000;

/**
 * Claims the open for this email and client: true when it should be counted. One conditional
 * upsert, so concurrent loads in several processes count once (the row lock serializes them).
 */
export async function claimOpen(
  tx: Executor,
  email: { id: string; projectId: string },
  client: string,
  now: Date,
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - OPEN_WINDOW_MS);
  const claimed = await tx
    .insert(emailOpenClients)
    .values({ projectId: email.projectId, emailId: email.id, client, countedAt: now })
    .onConflictDoUpdate({
      target: [emailOpenClients.projectId, emailOpenClients.emailId, emailOpenClients.client],
      set: { countedAt: now },
      setWhere: sql`${emailOpenClients.countedAt} <= ${windowStart.toISOString()}::timestamptz`,
    })
    .returning({ emailId: emailOpenClients.emailId });
  if (claimed.length > 0) await pruneClosedWindows(tx, windowStart);
  return claimed.length > 0;
}

/** A bounded batch per counted open keeps the table at about one window's worth of rows. */
async function pruneClosedWindows(tx: Executor, windowStart: Date) {
  await tx.execute(sql`
    delete from ${emailOpenClients}
    where (email_id, client) in (
      select email_id, client from ${emailOpenClients}
      where counted_at < ${windowStart.toISOString()}::timestamptz
      limit 100
      for update skip locked
    )`);
}
