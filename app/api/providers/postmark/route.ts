import { methodsNotAllowed, withRequestId } from "@/lib/api-handler";
import { readBodyText } from "@/lib/http/body";
import { json } from "@/lib/http/respond";
import { handlePostmarkWebhook } from "@/lib/providers/postmark-webhook";
import { getRuntime } from "@/lib/runtime";

// POST /api/providers/postmark — Postmark bounce, spam complaint and delivery webhooks (Basic auth)
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handlePostmarkWebhook(await getRuntime(), { headers: request.headers, body }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
