import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { previewTemplate } from "@/lib/templates/preview";

type Params = { id: string };

// POST /v1/templates/:id/preview — render with {variables} into {subject, html, text}
export const POST = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(await previewTemplate(ctx, params.id, await readJsonBody(request))),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
