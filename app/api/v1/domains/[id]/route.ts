import { deleteDomain } from "@/lib/domains/delete";
import { getDomain } from "@/lib/domains/get";
import { serializeDomain } from "@/lib/domains/serialize";
import { updateDomain } from "@/lib/domains/update";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { readJsonBody } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";

type Params = { id: string };

// GET /v1/domains/:id
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeDomain(await getDomain(ctx, params.id), ctx.config)),
);

// PATCH /v1/domains/:id — open_tracking, click_tracking (DECISIONS §8), receiving (§16)
export const PATCH = withApiKey<Params>(async ({ request, ctx, params }) =>
  json(
    serializeDomain(await updateDomain(ctx, params.id, await readJsonBody(request)), ctx.config),
  ),
);

// DELETE /v1/domains/:id
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteDomain(ctx, params.id)),
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
