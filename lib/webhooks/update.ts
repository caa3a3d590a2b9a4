import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import { WEBHOOK_EVENT_TYPES } from "./event-types";
import { webhookInputSchemas } from "./schemas";
import { authorize } from "@/lib/core/permissions";

export const DISABLED_BY_USER = "disabled by a user";

/**
 * PATCH semantics: only the fields sent change. A list of `events` is exactly those types from
 * now on (no longer "every type"); `events: null` returns to every type, future ones included.
 * Re-enabling starts afresh (no disabled reason, no failure streak), so an endpoint fixed after
 * an auto-disable is not disabled again at once.
 */
export async function updateWebhook(ctx: ServiceContext, webhookId: string, input: unknown) {
  authorize(ctx, "webhooks.manage");
  const values = parseInput(webhookInputSchemas(ctx.config).UpdateWebhookInput, input);
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const where = and(
      eq(webhookEndpoints.projectId, ctx.projectId),
      eq(webhookEndpoints.id, webhookId),
    );
    const [current] = await tx.select().from(webhookEndpoints).where(where).for("update");
    if (!current) throw new NotFoundError("Webhook");
    const enabling = values.active === true && !current.active;
    const disabling = values.active === false && current.active;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        ...(values.url !== undefined && { url: values.url }),
        ...(values.events !== undefined && {
          events: values.events ?? [...WEBHOOK_EVENT_TYPES],
          allEvents: values.events === null,
        }),
        ...(values.description !== undefined && { description: values.description }),
        ...(values.active !== undefined && { active: values.active }),
        ...(enabling && { disabledReason: null, failingSince: null }),
        ...(disabling && { disabledReason: DISABLED_BY_USER }),
        updatedAt: now,
      })
      .where(where)
      .returning();
    return endpoint!;
  });
}
