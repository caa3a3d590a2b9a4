import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { replayWebhookDelivery } from "@/lib/webhooks/replay";

type Params = { id: string; deliveryId: string };

// POST /v1/webhooks/:id/deliveries/:deliveryId/replay — re-send the same bytes now, as a job; 202
export const POST = withApiKey<Params>(async ({ ctx, params }) =>
  json(await replayWebhookDelivery(ctx, params.id, params.deliveryId), 202),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
