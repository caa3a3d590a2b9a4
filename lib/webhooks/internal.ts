import { and, eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { Executor } from "@/db";
import { NotFoundError } from "@/lib/core/errors";

export async function findWebhookOrThrow(db: Executor, projectId: string, webhookId: string) {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)))
    .limit(1);
  if (!endpoint) throw new NotFoundError("Webhook");
  return endpoint;
}

/** A delivery of this endpoint in this project; anything else is a 404. */
export async function findDeliveryOrThrow(
  db: Executor,
  projectId: string,
  webhookId: string,
  deliveryId: string,
) {
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.projectId, projectId),
        eq(webhookDeliveries.endpointId, webhookId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    )
    .limit(1);
  if (!delivery) throw new NotFoundError("Webhook delivery");
  return delivery;
}
