import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { deleteSegment, getSegment, updateSegment } from "@/lib/segments/manage";
import { serializeSegment } from "@/lib/segments/serialize";

type Params = { id: string };

// GET /v1/segments/:id
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeSegment(await getSegment(ctx, params.id))),
);

// PATCH /v1/segments/:id — name, conditions
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(serializeSegment(await updateSegment(ctx, params.id, await readJsonBody(request)))),
);

// DELETE /v1/segments/:id
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteSegment(ctx, params.id)),
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
