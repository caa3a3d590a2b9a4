import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { listWebhookDeliveries } from "@/lib/webhooks/list-deliveries";

type Params = { id: string };

// GET /v1/webhooks/:id/deliveries — newest first, keyset-paged, each with its attempts; filter: status
export const GET = withApiKey<Params>(async ({ ctx, params, query }) =>
  json(await listWebhookDeliveries(ctx, params.id, query)),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
