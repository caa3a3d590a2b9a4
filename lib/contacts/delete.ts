import { and, eq } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { exitRunsOfContact } from "../automations/enroll";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";

/** Deletes a contact; its unfinished automation runs exit in the same transaction. */
export async function deleteContact(ctx: ServiceContext, contactId: string) {
  return withTransaction(ctx.db, async (tx) => {
    await exitRunsOfContact(tx, ctx.projectId, contactId, ctx.clock.now());
    const [row] = await tx
      .delete(contacts)
      .where(and(eq(contacts.projectId, ctx.projectId), eq(contacts.id, contactId)))
      .returning({ id: contacts.id });
    if (!row) throw new NotFoundError("Contact");
    return { id: row.id, deleted: true as const };
  });
}
