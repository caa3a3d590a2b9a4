import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { decodedPathParam } from "@/lib/core/http/params";
import { json } from "@/lib/core/http/respond";
import { deleteSuppression } from "@/lib/suppressions/delete";

type Params = { email: string };

// DELETE /v1/suppressions/:email — URL-encoded address, case-insensitive; missing: 404
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteSuppression(ctx, decodedPathParam(params.email))),
);

export const { GET, POST, PUT, PATCH } = methodsNotAllowed(["DELETE"]);
