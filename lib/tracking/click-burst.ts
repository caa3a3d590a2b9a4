import { and, eq, gt, sql } from "drizzle-orm";
import { emailEvents } from "@/db/schema";
import type { Executor } from "@/db";
import { isLinkBurst, LINK_BURST_MS } from "./classify";

/**
 * The burst rule (DECISIONS §14): this click and the same client's clicks of the email in the
 * LINK_BURST_MS before it, when one of those was another link. Returns the ids of those earlier
 * clicks (every one of them is part of the burst), or null when there is no burst. The caller
 * holds the email's row lock, so two clicks of one email are judged one after the other.
 */
export async function linkBurstBefore(
  tx: Executor,
  click: { emailId: string; client: string; url: string; at: Date },
): Promise<string[] | null> {
  const since = new Date(click.at.getTime() - LINK_BURST_MS);
  // Only the email's click events, through the partial email_events_clicked_idx.
  const earlier = await tx
    .select({
      id: emailEvents.id,
      url: sql<string>`${emailEvents.data} ->> 'url'`,
      at: emailEvents.createdAt,
    })
    .from(emailEvents)
    .where(
      and(
        eq(emailEvents.emailId, click.emailId),
        eq(emailEvents.type, "clicked"),
        gt(emailEvents.createdAt, since),
        sql`${emailEvents.data} ->> 'client' = ${click.client}`,
      ),
    );
  return isLinkBurst({ url: click.url, at: click.at }, earlier) ? earlier.map((e) => e.id) : null;
}
