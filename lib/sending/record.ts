import { emailEvents, emails, type EmailType } from "@/db/schema";
import type { Executor } from "@/db";
import type { ServiceContext } from "../context";
import { newId, randomBase62 } from "../ids";
import { JOBS, PRIORITY } from "../jobs/names";
import { isDeliveryConfigured } from "./transports";

type EmailInsert = typeof emails.$inferInsert;
export type OutgoingEmail = Omit<
  EmailInsert,
  "id" | "projectId" | "type" | "status" | "mode" | "messageId" | "trackingToken" | "createdAt"
> & { fromDomain: string };

/**
 * Records an accepted email with its first event and, when delivery is configured (or the key is
 * a test key, whose sends are simulated), its delivery job, all in the caller's transaction
 * (outbox): every sender (API, automations, campaigns) goes through here. Without a provider the
 * email waits as `queued` and is released when one is configured (sweep.ts).
 */
export async function recordOutgoingEmail(
  tx: Executor,
  ctx: ServiceContext,
  type: EmailType,
  email: OutgoingEmail,
) {
  const now = ctx.clock.now();
  const configured = ctx.keyMode === "test" || isDeliveryConfigured(ctx.config);
  const id = newId("em", now.getTime());
  const status = configured ? ("sent" as const) : ("queued" as const);
  const { fromDomain, ...values } = email;
  const messageId = `<${id}@${fromDomain}>`;
  await tx.insert(emails).values({
    ...values,
    id,
    projectId: ctx.projectId,
    type,
    status,
    mode: ctx.keyMode,
    messageId,
    trackingToken: randomBase62(32),
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(emailEvents).values({
    id: newId("eev", now.getTime()),
    projectId: ctx.projectId,
    emailId: id,
    type: status,
    data: ctx.keyMode === "test" ? { simulated: true } : {},
    createdAt: now,
  });
  if (configured) {
    await ctx.jobs.enqueue(tx, JOBS.deliverEmail, { emailId: id }, { priority: PRIORITY[type] });
  }
  return { id, status, messageId };
}
