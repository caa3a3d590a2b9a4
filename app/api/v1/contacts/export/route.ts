import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { exportContactsCsv } from "@/lib/imports/export";

// GET /v1/contacts/export — CSV of every contact, or filtered like the list (`search=`, `subscribed=`, `email=`) and/or by `segment=`, streamed
export const GET = withApiKey(async ({ ctx, query }) => {
  const stream = await exportContactsCsv(ctx, query);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="contacts.csv"',
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
