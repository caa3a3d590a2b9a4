import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { listContactTopics, updateContactTopics } from "@/lib/topics/subscriptions";

type Params = { id: string };

// GET /v1/contacts/:id/topics — every topic of the project with the contact's subscription
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(await listContactTopics(ctx, params.id)),
);

// PATCH /v1/contacts/:id/topics — {"topics":[{"id","subscription"}]}: the same list after
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(await updateContactTopics(ctx, params.id, await readJsonBody(request))),
);

export const { POST, PUT, DELETE } = methodsNotAllowed(["GET", "PATCH"]);
