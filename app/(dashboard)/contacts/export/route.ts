import { withDashboardSession } from "@/lib/web/dashboard/route-handler";
import { exportContactsCsv } from "@/lib/imports/export";
import { getSegment } from "@/lib/segments/manage";

// GET /contacts/export?segment=&subscribed=&search= — the dashboard's CSV download (session, not API key)
export const GET = withDashboardSession(async ({ request, dashboard: { ctx } }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const stream = await exportContactsCsv(ctx, query);
  // The file name says what was exported, so several downloads stay apart.
  let what = query.subscribed === "true" ? "subscribed-contacts" : "contacts";
  if (query.search?.trim()) what = `${what}-matching-${slug(query.search) || "search"}`;
  if (query.segment) {
    const segment = await getSegment(ctx, query.segment);
    what = `contacts-${slug(segment.name) || segment.id}`;
  }
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${what}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}
