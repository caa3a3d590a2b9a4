import { methodsNotAllowed, withRequestId } from "@/lib/api-handler";
import { readBodyText } from "@/lib/http/body";
import { json } from "@/lib/http/respond";
import { handleSesWebhook } from "@/lib/providers/ses-webhook";
import { getRuntime } from "@/lib/runtime";

// POST /api/providers/ses — Amazon SES events through SNS (signed messages, subscription confirmation)
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handleSesWebhook(await getRuntime(), { body }));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
