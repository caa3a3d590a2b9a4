import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError } from "@/lib/core/errors";
import { deliverWebhookJob } from "./jobs";
import { findDeliveryOrThrow, findWebhookOrThrow } from "./internal";
import { enqueueWebhookAttempt } from "./jobs";
import { authorize } from "@/lib/core/permissions";

/**
 * Re-sends a delivery's stored bytes now, as one extra attempt on the same delivery (its retry
 * schedule, if any, is untouched). A disabled endpoint must be re-enabled first.
 */
export async function replayWebhookDelivery(
  ctx: ServiceContext,
  webhookId: string,
  deliveryId: string,
) {
  authorize(ctx, "webhooks.manage");
  const delivery = await withTransaction(ctx.db, async (tx) => {
    const endpoint = await findWebhookOrThrow(tx, ctx.projectId, webhookId);
    const found = await findDeliveryOrThrow(tx, ctx.projectId, webhookId, deliveryId);
    if (!endpoint.active) {
      throw new ConflictError(
        "The webhook is disabled: re-enable it (PATCH active: true) before replaying.",
        "webhook_disabled",
      );
    }
    await enqueueWebhookAttempt(tx, ctx.jobs, { deliveryId: found.id, replay: true });
    return found;
  });
  ctx.jobs.notify(deliverWebhookJob);
  return { id: delivery.id, endpoint_id: delivery.endpointId, queued: true as const };
}
