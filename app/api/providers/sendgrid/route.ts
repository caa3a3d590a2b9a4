import { methodsNotAllowed, withRequestId } from "@/lib/api-handler";
import { readBodyText } from "@/lib/http/body";
import { json } from "@/lib/http/respond";
import { handleSendgridWebhook } from "@/lib/providers/sendgrid-webhook";
import { getRuntime } from "@/lib/runtime";

// POST /api/providers/sendgrid — SendGrid Signed Event Webhook batches
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handleSendgridWebhook(await getRuntime(), { headers: request.headers, body }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
