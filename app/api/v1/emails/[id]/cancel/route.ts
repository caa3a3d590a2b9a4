import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { cancelScheduledEmail } from "@/lib/emails/cancel";
import { json } from "@/lib/core/http/respond";

// POST /v1/emails/:id/cancel — a scheduled email is canceled (409 once it is no longer scheduled)
export const POST = withApiKey<{ id: string }>(async ({ ctx, params }) =>
  json(await cancelScheduledEmail(ctx, params.id)),
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
