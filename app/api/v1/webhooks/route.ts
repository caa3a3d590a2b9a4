import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { createWebhook } from "@/lib/webhooks/create";
import { listWebhooks } from "@/lib/webhooks/list";
import { serializeWebhook } from "@/lib/webhooks/serialize";

// POST /v1/webhooks — register an endpoint (every event type unless `events` narrows it); 201 with its secret
export const POST = withApiKey(async ({ request, ctx }) =>
  json(serializeWebhook(await createWebhook(ctx, await readJsonBody(request))), 201),
);

// GET /v1/webhooks — newest first, keyset-paged (secrets are shown by GET /v1/webhooks/:id)
export const GET = withApiKey(async ({ ctx, query }) => json(await listWebhooks(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
