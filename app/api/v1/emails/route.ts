import { listEmails } from "@/lib/emails/list";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

// GET /v1/emails — newest first; filters: status, type, to, contact_id, campaign_id, automation_id, since, until, search
export const GET = withApiKey({ permission: "sending" }, async ({ ctx, query }) =>
  json(await listEmails(ctx, query)),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
