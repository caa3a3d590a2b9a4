import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { deleteWebhook } from "@/lib/webhooks/delete";
import { getWebhook } from "@/lib/webhooks/get";
import { serializeWebhook } from "@/lib/webhooks/serialize";
import { updateWebhook } from "@/lib/webhooks/update";

type Params = { id: string };

// GET /v1/webhooks/:id — with its signing secret
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeWebhook(await getWebhook(ctx, params.id))),
);

// PATCH /v1/webhooks/:id — url, events, description, active (re-enabling clears the failure state)
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(serializeWebhook(await updateWebhook(ctx, params.id, await readJsonBody(request)))),
);

// DELETE /v1/webhooks/:id — with its deliveries and attempt log
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteWebhook(ctx, params.id)),
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
