import { methodsNotAllowed, withRequestId } from "@/lib/web/api-handler";
import { readBodyText } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { handleSesWebhook } from "@/lib/providers/ses-webhook";
import { getRuntime } from "@/lib/start/runtime";

// POST /api/providers/ses — Amazon SES events through SNS (signed messages, subscription confirmation)
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handleSesWebhook(await getRuntime(), { body }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
