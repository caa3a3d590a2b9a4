import { withApiKey, methodsNotAllowed } from "@/lib/api-handler";
import { decodedPathParam } from "@/lib/http/params";
import { json } from "@/lib/http/respond";
import { deleteSuppression } from "@/lib/suppressions/delete";

type Params = { email: string };

// DELETE /v1/suppressions/:email — URL-encoded address, case-insensitive; missing: 404
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteSuppression(ctx, decodedPathParam(params.email))),
);

export const { GET, POST, PUT, PATCH } = methodsNotAllowed(["DELETE"]);
