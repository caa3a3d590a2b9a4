import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { deleteTopic, getTopic, updateTopic } from "@/lib/topics/manage";
import { serializeTopic } from "@/lib/topics/serialize";

type Params = { id: string };

// GET /v1/topics/:id
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeTopic(await getTopic(ctx, params.id))),
);

// PATCH /v1/topics/:id — name, description, default_subscription, visibility
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(serializeTopic(await updateTopic(ctx, params.id, await readJsonBody(request)))),
);

// DELETE /v1/topics/:id — 409 topic_in_use while an unsent campaign or a live automation uses it
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteTopic(ctx, params.id)),
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
