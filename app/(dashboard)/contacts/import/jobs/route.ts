import { withDashboardSession } from "@/lib/web/dashboard/route-handler";
import { json } from "@/lib/core/http/respond";
import { getContactImport } from "@/lib/imports/get";
import { processContactImport } from "@/lib/imports/process";
import { importMapping } from "@/lib/imports/request";
import { serializeImport } from "@/lib/imports/serialize";
import { startContactImport } from "@/lib/imports/upload";

// POST /contacts/import/jobs?mapping={…} — the dashboard's CSV upload, streamed (no 1 MB action limit)
export const POST = withDashboardSession(async ({ request, dashboard: { ctx } }) => {
  const mapping = new URL(request.url).searchParams.get("mapping") ?? undefined;
  const job = await startContactImport(ctx, {
    format: "csv",
    mapping: importMapping(mapping),
    body: request.body,
  });
  if (ctx.config.worker !== "off") return json(serializeImport(job), 202);
  // Without a worker the import runs within the request, as in POST /v1/contacts/import.
  await processContactImport(ctx, job.id);
  return json(serializeImport(await getContactImport(ctx, job.id)));
});
