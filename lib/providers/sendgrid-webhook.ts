import type { Runtime, RuntimeCaches } from "@/lib/core/runtime";
import {
  InvalidSignatureError,
  parseJsonBody,
  parseProviderPayload,
  WebhookNotConfiguredError,
} from "./errors";
import { recordProviderReport, type ProviderRecordRuntime } from "./record";
import { mapSendgridEvents, SendgridPayload } from "./sendgrid-events";
import { verifySendgridSignature } from "./sendgrid-signature";

export type SendgridWebhookRuntime = ProviderRecordRuntime & {
  config: Pick<Runtime["config"], "sendgridWebhookPublicKey">;
  caches: Pick<RuntimeCaches, "sendgridKeys">;
};
export type SendgridWebhookResult = { ok: true; recorded: number; ignored: number };

/**
 * POST /api/providers/sendgrid: a batch of SendGrid events, verified on the raw body with the
 * Signed Event Webhook key before it is parsed (DECISIONS §9); a signed timestamp more than 5
 * minutes from our clock is refused like a bad signature. Each event is recorded in its own
 * transaction, once per sg_event_id: when SendGrid retries a batch after a failure, the events
 * already recorded are skipped.
 */
export async function handleSendgridWebhook(
  runtime: SendgridWebhookRuntime,
  request: { headers: Headers; body: string },
): Promise<SendgridWebhookResult> {
  const key = runtime.config.sendgridWebhookPublicKey;
  if (!key) {
    throw new WebhookNotConfiguredError(
      "SendGrid",
      "turn on the Signed Event Webhook and set SENDGRID_WEBHOOK_PUBLIC_KEY to its verification key.",
    );
  }
  const verdict = verifySendgridSignature(
    runtime.caches.sendgridKeys,
    key,
    request.headers,
    request.body,
    runtime.clock.now(),
  );
  if (!verdict.ok) throw new InvalidSignatureError(verdict.reason);
  const events = parseProviderPayload(SendgridPayload, parseJsonBody(request.body));
  const reports = mapSendgridEvents(events);
  let recorded = 0;
  for (const report of reports) {
    const outcome = await recordProviderReport(runtime, "sendgrid", report);
    if (outcome === "recorded") recorded += 1;
  }
  return { ok: true, recorded, ignored: events.length - recorded };
}
