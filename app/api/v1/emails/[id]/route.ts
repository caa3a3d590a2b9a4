import { getEmailWithBody } from "@/lib/emails/list";
import { serializeEmailDetail } from "@/lib/emails/serialize";
import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";

// GET /v1/emails/:id — current status, opens, clicks, bodies
export const GET = withApiKey<{ id: string }>({ permission: "sending" }, async ({ ctx, params }) =>
  json(serializeEmailDetail(await getEmailWithBody(ctx, params.id))),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
