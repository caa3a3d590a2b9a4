import { withRequestId } from "@/lib/web/api-handler";
import { readBodyText } from "@/lib/core/http/body";
import { json } from "@/lib/core/http/respond";
import { handleResendWebhook } from "@/lib/providers/resend-webhook";
import { getRuntime } from "@/lib/start/runtime";

// POST /api/providers/resend — Resend delivery events (Svix-signed), verified on the raw body
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handleResendWebhook(await getRuntime(), { headers: request.headers, body }));
});
