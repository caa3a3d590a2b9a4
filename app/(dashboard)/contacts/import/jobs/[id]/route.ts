import { withDashboardSession } from "@/lib/web/dashboard/route-handler";
import { json } from "@/lib/core/http/respond";
import { getContactImport } from "@/lib/imports/get";
import { serializeImport } from "@/lib/imports/serialize";

// GET /contacts/import/jobs/:id — the import's progress, polled by the import page
export const GET = withDashboardSession<{ id: string }>(async ({ params, dashboard: { ctx } }) => {
  const job = await getContactImport(ctx, params.id);
  return json(serializeImport(job), 200, { "Cache-Control": "no-store" });
});
