import { methodsNotAllowed, withRequestId } from "@/lib/web/api-handler";
import { readBodyText } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { handleSendgridWebhook } from "@/lib/providers/sendgrid-webhook";
import { getRuntime } from "@/lib/start/runtime";

// POST /api/providers/sendgrid — SendGrid Signed Event Webhook batches
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handleSendgridWebhook(await getRuntime(), { headers: request.headers, body }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
