import { and, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { exitRunsOfContact } from "../automations/enroll";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { enqueueContactWebhooks } from "../webhooks/contact-events";

/**
 * Deletes a contact; its unfinished automation runs exit and `contact.deleted` (the contact as
 * it was) is queued in the same transaction.
 */
export async function deleteContact(ctx: ServiceContext, contactId: string) {
  return withTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    await exitRunsOfContact(tx, ctx.projectId, contactId, now);
    const [row] = await tx
      .delete(contacts)
      .where(and(eq(contacts.projectId, ctx.projectId), eq(contacts.id, contactId)))
      .returning();
    if (!row) throw new NotFoundError("Contact");
    await enqueueContactWebhooks(tx, ctx.jobs, [{ contact: row, change: "deleted" }], now);
    return { id: row.id, deleted: true as const };
  });
}
