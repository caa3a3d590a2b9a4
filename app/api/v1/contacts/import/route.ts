import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { getContactImport } from "@/lib/imports/get";
import { importFormat, importMapping } from "@/lib/imports/request";
import { processContactImport } from "@/lib/imports/process";
import { serializeImport } from "@/lib/imports/serialize";
import { startContactImport } from "@/lib/imports/upload";

// POST /v1/contacts/import — a CSV (header row) or NDJSON body; 202 and the import to poll
export const POST = withApiKey(async ({ request, ctx, query }) => {
  const job = await startContactImport(ctx, {
    format: importFormat(request.headers.get("content-type"), query.format),
    mapping: importMapping(query.mapping),
    body: request.body,
  });
  if (ctx.config.worker !== "off") return json(serializeImport(job), 202);
  // Without a worker the import runs within the request.
  await processContactImport(ctx, job.id);
  return json(serializeImport(await getContactImport(ctx, job.id)));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
