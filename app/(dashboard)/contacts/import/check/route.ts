import { withDashboardSession } from "@/lib/web/dashboard/route-handler";
import { json } from "@/lib/core/http/respond";
import { checkContactImport } from "@/lib/imports/check";
import { importMapping } from "@/lib/imports/request";

// POST /contacts/import/check?mapping={…} — the wizard's whole-file check before importing, streamed
export const POST = withDashboardSession(async ({ request, dashboard: { ctx } }) => {
  const mapping = new URL(request.url).searchParams.get("mapping") ?? undefined;
  const report = await checkContactImport(ctx, {
    format: "csv",
    mapping: importMapping(mapping),
    body: request.body,
  });
  return json(report, 200, { "Cache-Control": "no-store" });
});
