import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { sendWebhookTestEvent } from "@/lib/webhooks/test-event";

// POST /v1/webhooks/:id/test — a signed `webhook.test` delivery through the normal path (202)
export const POST = withApiKey<{ id: string }>(async ({ ctx, params }) =>
  json(await sendWebhookTestEvent(ctx, params.id), 202),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
