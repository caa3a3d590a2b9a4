import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { createSuppression } from "@/lib/suppressions/create";
import { listSuppressions } from "@/lib/suppressions/list";
import { serializeSuppression } from "@/lib/suppressions/serialize";

// POST /v1/suppressions — idempotent by email: 201 when new, 200 (unchanged) when it exists
export const POST = withApiKey(async ({ request, ctx }) => {
  const { suppression, created } = await createSuppression(ctx, await readJsonBody(request));
  return json(serializeSuppression(suppression), created ? 201 : 200);
});

// GET /v1/suppressions — newest first, keyset-paged
export const GET = withApiKey(async ({ ctx, query }) => json(await listSuppressions(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
