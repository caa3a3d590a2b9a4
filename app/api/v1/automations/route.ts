import { createAutomation } from "@/lib/automations/create";
import { listAutomations } from "@/lib/automations/list";
import { serializeAutomation } from "@/lib/automations/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

// POST /v1/automations — create (always draft) with validated steps: 201
export const POST = withApiKey(async ({ request, ctx }) =>
  json(serializeAutomation(await createAutomation(ctx, await readJsonBody(request))), 201),
);

// GET /v1/automations — newest first, keyset-paged, filter: status
export const GET = withApiKey(async ({ ctx, query }) => json(await listAutomations(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
