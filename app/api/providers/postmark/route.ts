import { methodsNotAllowed, withRequestId } from "@/lib/web/api-handler";
import { readBodyText } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { handlePostmarkWebhook } from "@/lib/providers/postmark-webhook";
import { getRuntime } from "@/lib/start/runtime";

// POST /api/providers/postmark — Postmark bounce, spam complaint and delivery webhooks (Basic auth)
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handlePostmarkWebhook(await getRuntime(), { headers: request.headers, body }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
