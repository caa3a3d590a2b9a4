import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { emails } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

/**
 * Whether a live email of the project was ever accepted by a relay: sent and not simulated, not
 * merely queued. The proof that delivery really works (the overview's checklist).
 */
export async function hasRelayAcceptedLiveEmail(ctx: ServiceContext): Promise<boolean> {
  const [email] = await ctx.db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.projectId, ctx.projectId),
        inArray(emails.status, ["sent", "delivered", "complained"]),
        eq(emails.mode, "live"),
        isNotNull(emails.sentAt),
      ),
    )
    .limit(1);
  return email !== undefined;
}
