import { withApiKey, methodsNotAllowed } from "@/lib/web/api-handler";
import { json } from "@/lib/core/http/respond";
import { getReceivedEmail } from "@/lib/received-emails/get";
import { serializeReceivedEmail } from "@/lib/received-emails/serialize";

type Params = { id: string };

// GET /v1/received-emails/:id
export const GET = withApiKey<Params>(async ({ ctx, params }) => {
  const { email, attachments } = await getReceivedEmail(ctx, params.id);
  return json(serializeReceivedEmail(email, attachments));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
