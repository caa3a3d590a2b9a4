import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { createSegment, listSegments } from "@/lib/segments/manage";
import { serializeSegment } from "@/lib/segments/serialize";

// POST /v1/segments — {name, conditions: {match, rules}}: 201
export const POST = withApiKey(async ({ request, ctx }) =>
  json(serializeSegment(await createSegment(ctx, await readJsonBody(request))), 201),
);

// GET /v1/segments — newest first, keyset-paged
export const GET = withApiKey(async ({ ctx, query }) => json(await listSegments(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
