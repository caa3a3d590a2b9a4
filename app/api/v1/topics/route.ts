import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { createTopic, listTopics } from "@/lib/topics/manage";
import { serializeTopic } from "@/lib/topics/serialize";

// POST /v1/topics — {name, description?, default_subscription?, visibility?}: 201
export const POST = withApiKey(async ({ request, ctx }) =>
  json(serializeTopic(await createTopic(ctx, await readJsonBody(request))), 201),
);

// GET /v1/topics — newest first, keyset-paged
export const GET = withApiKey(async ({ ctx, query }) => json(await listTopics(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
