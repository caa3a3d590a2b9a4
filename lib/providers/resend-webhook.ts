import type { Runtime } from "@/lib/core/runtime";
import { InvalidSignatureError, parseJsonBody, WebhookNotConfiguredError } from "./errors";
import { recordProviderReport, type ProviderRecordRuntime } from "./record";
import { mapResendEvent } from "./resend-events";
import { svixHeadersFrom, verifySvixSignature } from "./svix";

export type ProviderWebhookRuntime = ProviderRecordRuntime & {
  config: Pick<Runtime["config"], "resendWebhookSecret">;
};
export type ResendWebhookResult = { ok: true } | { ignored: true };

/**
 * POST /api/providers/resend: a Svix-signed Resend event, verified on the raw body before it is
 * parsed, mapped onto our email events (DECISIONS §6). Svix delivers at least once, so a
 * delivery whose svix-id is already in the email's timeline is acknowledged and not recorded
 * again.
 */
export async function handleResendWebhook(
  runtime: ProviderWebhookRuntime,
  request: { headers: Headers; body: string },
): Promise<ResendWebhookResult> {
  const secret = runtime.config.resendWebhookSecret;
  if (!secret) {
    throw new WebhookNotConfiguredError(
      "Resend",
      "set RESEND_WEBHOOK_SECRET to the signing secret (whsec_…) of this endpoint in the Resend dashboard.",
    );
  }
  const headers = svixHeadersFrom(request.headers);
  const verdict = verifySvixSignature(secret, headers, request.body, runtime.clock.now());
  if (!verdict.ok) throw new InvalidSignatureError(verdict.reason);

  const event = mapResendEvent(parseJsonBody(request.body));
  if (!event) return { ignored: true };
  const { type, data } = event;
  const outcome = await recordProviderReport(
    runtime,
    "resend",
    { ref: { messageIds: [event.messageId] }, eventId: headers.id!, items: [{ type, data }] },
    "svix_id",
  );
  // Not ours (or deleted): a 2xx so Resend stops retrying.
  return outcome === "unknown_email" ? { ignored: true } : { ok: true };
}
