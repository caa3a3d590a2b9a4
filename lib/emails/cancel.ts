import { and, eq } from "drizzle-orm";
import { emailEvents, emails } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { getEmail } from "./list";
import { serializeEmail } from "./serialize";

/**
 * POST /v1/emails/:id/cancel: a `scheduled` email becomes `canceled` (final) and its delivery
 * job, when it starts, finds nothing to do (lib/sending/scheduled.ts). The UPDATE is conditional,
 * so it races safely with the job releasing the email: one of them wins. Anything no longer
 * scheduled is a 409; an email of another project a 404.
 */
export async function cancelScheduledEmail(ctx: ServiceContext, emailId: string) {
  const now = ctx.clock.now();
  const canceled = await withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(emails)
      .set({ status: "canceled", updatedAt: now })
      .where(
        and(
          eq(emails.projectId, ctx.projectId),
          eq(emails.id, emailId),
          eq(emails.status, "scheduled"),
        ),
      )
      .returning();
    if (!row) return null;
    await tx.insert(emailEvents).values({
      id: newId("eev", now.getTime()),
      projectId: ctx.projectId,
      emailId,
      type: "canceled",
      data: {},
      createdAt: now,
    });
    return row;
  });
  if (canceled) return serializeEmail(canceled);
  const email = await getEmail(ctx, emailId);
  throw new ConflictError(
    `The email is ${email.status}: only a scheduled email can be canceled.`,
    "email_not_scheduled",
  );
}
