import { withApiKey, methodsNotAllowed } from "@/lib/api-handler";
import { json } from "@/lib/http/respond";
import { deleteSuppression } from "@/lib/suppressions/delete";

type Params = { email: string };

// DELETE /v1/suppressions/:email — URL-encoded address, case-insensitive; missing: 404
export const DELETE = withApiKey<Params>(async ({ ctx, params }) =>
  json(await deleteSuppression(ctx, decodeAddress(params.email))),
);

/** The router normally decodes params; decode once more only if it evidently did not (`%40`). */
function decodeAddress(raw: string): string {
  if (raw.includes("@") || !raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export const { GET, POST, PUT, PATCH } = methodsNotAllowed(["DELETE"]);
