import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { createTemplate } from "@/lib/templates/create";
import { listTemplates } from "@/lib/templates/list";
import { serializeTemplate } from "@/lib/templates/serialize";

// POST /v1/templates — create; subject defaults to name, category to General, format to blocks
export const POST = withApiKey(async ({ request, ctx }) =>
  json(serializeTemplate(await createTemplate(ctx, await readJsonBody(request))), 201),
);

// GET /v1/templates — newest first, keyset-paged; scope=all adds the system gallery; category filter
export const GET = withApiKey(async ({ ctx, query }) => json(await listTemplates(ctx, query)));

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
