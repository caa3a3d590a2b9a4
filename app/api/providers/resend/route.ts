import { withRequestId } from "@/lib/api-handler";
import { readBodyText } from "@/lib/http/body";
import { json } from "@/lib/http/respond";
import { handleResendWebhook } from "@/lib/providers/resend-webhook";
import { getRuntime } from "@/lib/runtime";

// POST /api/providers/resend — Resend delivery events (Svix-signed), verified on the raw body
export const POST = withRequestId(async (request) => {
  const body = await readBodyText(request);
  return json(await handleResendWebhook(await getRuntime(), { headers: request.headers, body }));
});
