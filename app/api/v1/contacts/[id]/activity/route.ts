import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { listContactActivity } from "@/lib/contacts/activity";
import { json } from "@/lib/core/http/respond";

// GET /v1/contacts/:id/activity — the contact's emails, runs, events and subscription changes
export const GET = withApiKey<{ id: string }>(async ({ ctx, params, query }) =>
  json(await listContactActivity(ctx, params.id, query)),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
