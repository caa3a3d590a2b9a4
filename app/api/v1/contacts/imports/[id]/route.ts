import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { getContactImport } from "@/lib/imports/get";
import { serializeImport } from "@/lib/imports/serialize";

type Params = { id: string };

// GET /v1/contacts/imports/:id — progress, counts and the per-row error report
export const GET = withApiKey<Params>(async ({ ctx, params }) =>
  json(serializeImport(await getContactImport(ctx, params.id))),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
