import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";

/** Deletes an endpoint with its deliveries and attempts (cascade); queued jobs then find nothing. */
export async function deleteWebhook(ctx: ServiceContext, webhookId: string) {
  authorize(ctx, "webhooks.manage");
  const [row] = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, ctx.projectId), eq(webhookEndpoints.id, webhookId)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new NotFoundError("Webhook");
  return { id: row.id, deleted: true as const };
}
