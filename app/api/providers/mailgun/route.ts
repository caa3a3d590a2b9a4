import { methodsNotAllowed, withRequestId } from "@/lib/api-handler";
import { readBodyText } from "@/lib/http/body";
import { json } from "@/lib/http/respond";
import { handleMailgunWebhook } from "@/lib/providers/mailgun-webhook";
import { getRuntime } from "@/lib/runtime";

// POST /api/providers/mailgun — Mailgun failed, complained and delivered events (signed body)
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handleMailgunWebhook(await getRuntime(), { body }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
