import { listEmailEvents } from "@/lib/emails/list";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

// GET /v1/emails/:id/events — the email's timeline, oldest first
export const GET = withApiKey<{ id: string }>(async ({ ctx, params, query }) =>
  json(await listEmailEvents(ctx, params.id, query)),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
