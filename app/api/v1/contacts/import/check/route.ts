import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { checkContactImport } from "@/lib/imports/check";
import { importFormat, importMapping } from "@/lib/imports/request";

// POST /v1/contacts/import/check — reads a whole file like the import, imports nothing; 200 and the report
export const POST = withApiKey(async ({ request, ctx, query }) => {
  const report = await checkContactImport(ctx, {
    format: importFormat(request.headers.get("content-type"), query.format),
    mapping: importMapping(query.mapping),
    body: request.body,
  });
  return json(report);
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
