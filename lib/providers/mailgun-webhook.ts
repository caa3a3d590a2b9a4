import { AppError } from "@/lib/core/errors";
import type { Runtime, RuntimeCaches } from "@/lib/core/runtime";
import {
  InvalidSignatureError,
  parseJsonBody,
  parseProviderPayload,
  WebhookNotConfiguredError,
} from "./errors";
import { mapMailgunEvent, MailgunPayload, MailgunSigned } from "./mailgun-events";
import {
  claimMailgunToken,
  releaseMailgunToken,
  verifyMailgunSignature,
} from "./mailgun-signature";
import { recordProviderReport, type ProviderRecordRuntime } from "./record";

export type MailgunWebhookRuntime = ProviderRecordRuntime & {
  config: Pick<Runtime["config"], "mailgunWebhookSigningKey">;
  caches: Pick<RuntimeCaches, "mailgunTokens">;
};
export type MailgunWebhookResult = { ok: true } | { ignored: true };

/**
 * A token seen before: 406, the one status Mailgun documents as "rejected, do not retry" (a
 * genuine retry of a delivery already recorded needs nothing more either).
 */
class ReplayedWebhookError extends AppError {
  constructor() {
    super(
      406,
      "replayed_webhook",
      "This webhook token was already received; it is not accepted twice.",
    );
  }
}

/**
 * POST /api/providers/mailgun: a signed Mailgun event (DECISIONS §9). The signature, the
 * timestamp window and the token are checked before the event is read; events are found by
 * our Message-ID and recorded once per Mailgun event id (tokens are remembered per process,
 * the event id in the database, so several web processes still record an event once).
 */
export async function handleMailgunWebhook(
  runtime: MailgunWebhookRuntime,
  request: { body: string },
): Promise<MailgunWebhookResult> {
  const signingKey = runtime.config.mailgunWebhookSigningKey;
  if (!signingKey) {
    throw new WebhookNotConfiguredError(
      "Mailgun",
      "set MAILGUN_WEBHOOK_SIGNING_KEY to the HTTP webhook signing key of your Mailgun account.",
    );
  }
  const raw = parseJsonBody(request.body);
  const signed = MailgunSigned.safeParse(raw);
  if (!signed.success) {
    throw new InvalidSignatureError(
      "The body has no signature with timestamp, token and signature.",
    );
  }
  const now = runtime.clock.now();
  const verdict = verifyMailgunSignature(signingKey, signed.data.signature, now);
  if (!verdict.ok) throw new InvalidSignatureError(verdict.reason);
  const payload = parseProviderPayload(MailgunPayload, raw);

  const { token } = signed.data.signature;
  if (!claimMailgunToken(runtime.caches.mailgunTokens, token, now.getTime()))
    throw new ReplayedWebhookError();
  try {
    const mapping = mapMailgunEvent(payload["event-data"]);
    if (mapping.kind === "ignored") return { ignored: true };
    const outcome = await recordProviderReport(runtime, "mailgun", {
      ref: { messageIds: [mapping.messageId] },
      eventId: mapping.eventId,
      items: mapping.items,
    });
    return outcome === "unknown_email" ? { ignored: true } : { ok: true };
  } catch (error) {
    releaseMailgunToken(runtime.caches.mailgunTokens, token);
    throw error;
  }
}
