import { deleteDomain } from "@/lib/domains/delete";
import { getDomain } from "@/lib/domains/get";
import { serializeDomain } from "@/lib/domains/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/api-handler";
import { json } from "@/lib/http/respond";

type Params = { id: string };

// GET /v1/domains/:id
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeDomain(await getDomain(ctx, params.id), ctx.config)),
);

// DELETE /v1/domains/:id
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteDomain(ctx, params.id)),
);

export const { POST, PUT, PATCH } = methodsNotAllowed(["GET", "DELETE"]);
