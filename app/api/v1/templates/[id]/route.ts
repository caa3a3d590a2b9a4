import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { deleteTemplate } from "@/lib/templates/delete";
import { getTemplate } from "@/lib/templates/get";
import { serializeTemplate } from "@/lib/templates/serialize";
import { updateTemplate } from "@/lib/templates/update";

type Params = { id: string };

// GET /v1/templates/:id — own or system template
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeTemplate(await getTemplate(ctx, params.id))),
);

// PATCH /v1/templates/:id — only the fields sent change; system templates are 404
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(serializeTemplate(await updateTemplate(ctx, params.id, await readJsonBody(request)))),
);

// DELETE /v1/templates/:id — own templates only; system or missing is 404
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteTemplate(ctx, params.id)),
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
