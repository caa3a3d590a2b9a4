import { and, desc, eq } from "drizzle-orm";
import { receivedEmails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

/** How many replies a sent email's page lists (the newest); the rest are in Received. */
export const REPLIES_SHOWN = 20;

/** The received emails that reply to one sent email (its Message-ID in their In-Reply-To). */
export async function listReplies(ctx: Pick<ServiceContext, "db" | "projectId">, emailId: string) {
  return ctx.db
    .select({
      id: receivedEmails.id,
      from: receivedEmails.from,
      subject: receivedEmails.subject,
      createdAt: receivedEmails.createdAt,
    })
    .from(receivedEmails)
    .where(
      and(
        eq(receivedEmails.projectId, ctx.projectId),
        eq(receivedEmails.inReplyToEmailId, emailId),
      ),
    )
    .orderBy(desc(receivedEmails.createdAt))
    .limit(REPLIES_SHOWN);
}
