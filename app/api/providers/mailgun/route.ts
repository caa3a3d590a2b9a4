import { methodsNotAllowed, withRequestId } from "@/lib/web/api-handler";
import { readBodyText } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { handleMailgunWebhook } from "@/lib/providers/mailgun-webhook";
import { getRuntime } from "@/lib/start/runtime";

// POST /api/providers/mailgun — Mailgun failed, complained and delivered events (signed body)
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handleMailgunWebhook(await getRuntime(), { body }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
