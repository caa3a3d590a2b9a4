import { z } from "zod";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError } from "@/lib/core/errors";
import { deliverWebhookJob } from "./jobs";
import { authorize } from "@/lib/core/permissions";
import { insertDeliveries } from "./enqueue";
import { findWebhookOrThrow } from "./internal";

export const TEST_EVENT_TYPE = "webhook.test";

/** What POST /v1/webhooks/:id/test answers: the delivery it queued (see its deliveries log). */
export const WebhookTestResponse = z.strictObject({
  id: z.string().describe("The delivery's id, as listed by the endpoint's deliveries."),
  endpoint_id: z.string(),
  type: z.literal(TEST_EVENT_TYPE),
  queued: z.literal(true),
});

/**
 * POST /v1/webhooks/:id/test and the dashboard's "Send test event": a signed `webhook.test`
 * event with sample data, delivered through the normal path (a delivery row, the queue, the
 * signing, retries), so it shows in the endpoint's deliveries log like any other. Its own type
 * (not a sample `email.delivered`) so a receiver never mistakes it for a real email's event.
 */
export async function sendWebhookTestEvent(
  ctx: ServiceContext,
  webhookId: string,
): Promise<z.infer<typeof WebhookTestResponse>> {
  authorize(ctx, "webhooks.manage");
  const now = ctx.clock.now();
  const deliveryId = await withTransaction(ctx.db, async (tx) => {
    const endpoint = await findWebhookOrThrow(tx, ctx.projectId, webhookId);
    if (!endpoint.active) {
      throw new ConflictError(
        "The webhook is disabled: re-enable it (PATCH active: true) before sending a test event.",
        "webhook_disabled",
      );
    }
    const [id] = await insertDeliveries(
      tx,
      ctx.jobs,
      [
        {
          projectId: ctx.projectId,
          type: TEST_EVENT_TYPE,
          createdAt: now,
          data: {
            webhook_id: endpoint.id,
            message: "A test event sent from Mailwright. No email was sent.",
            // What an email event's data looks like, so a handler can be tried on it.
            sample: {
              id: "em_sample",
              to: "recipient@example.com",
              subject: "Sample email",
              tags: [{ name: "category", value: "test" }],
            },
          },
        },
      ],
      [endpoint],
    );
    return id!;
  });
  ctx.jobs.notify(deliverWebhookJob);
  return { id: deliveryId, endpoint_id: webhookId, type: TEST_EVENT_TYPE, queued: true as const };
}
