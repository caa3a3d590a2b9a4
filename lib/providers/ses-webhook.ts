import { AppError, BadRequestError } from "@/lib/core/errors";
import type { Runtime, RuntimeCaches } from "@/lib/core/runtime";
import {
  assertCleanProviderInput,
  InvalidSignatureError,
  parseJsonBody,
  parseProviderPayload,
  WebhookNotConfiguredError,
  WebhookSenderNotAllowedError,
} from "./errors";
import { recordProviderReport, type ProviderRecordRuntime } from "./record";
import { mapSesEvent } from "./ses-events";
import { isSnsUrl, SnsEnvelope, verifySnsSignature } from "./sns";
import { confirmSnsSubscription, SnsFetchError, snsSigningKey } from "./sns-fetch";

export type SesWebhookRuntime = ProviderRecordRuntime & {
  config: Pick<Runtime["config"], "sesSnsTopicArns">;
  caches: Pick<RuntimeCaches, "sns">;
};
export type SesWebhookResult = { ok: true } | { ignored: true } | { confirmed: true };

/**
 * SNS could not be reached (network, 5xx) to verify or confirm, or refused the confirmation: a
 * 502, so SNS delivers the message again.
 */
class SnsUnreachableError extends AppError {
  constructor(message: string) {
    super(502, "provider_unreachable", message);
  }
}

/**
 * POST /api/providers/ses: an SNS delivery of an SES event (DECISIONS §9). In order, before
 * anything is recorded or fetched: the topic must be one of SES_SNS_TOPIC_ARNS (an SNS
 * signature only proves the message came through SNS, from anyone's topic); the certificate
 * and subscription URLs must be HTTPS SNS addresses; then the signature is checked against the
 * certificate. A SubscriptionConfirmation is confirmed by visiting its SubscribeURL; a
 * Notification's SES event is recorded once per SNS MessageId.
 */
export async function handleSesWebhook(
  runtime: SesWebhookRuntime,
  request: { body: string },
): Promise<SesWebhookResult> {
  const topics = runtime.config.sesSnsTopicArns;
  if (!topics?.length) {
    throw new WebhookNotConfiguredError(
      "Amazon SES",
      "set SES_SNS_TOPIC_ARNS to the ARN of the SNS topic your SES events are published to.",
    );
  }
  const envelope = parseProviderPayload(SnsEnvelope, parseJsonBody(request.body));
  if (!topics.includes(envelope.TopicArn)) {
    throw new WebhookSenderNotAllowedError(
      `The SNS topic ${envelope.TopicArn} is not one of SES_SNS_TOPIC_ARNS; its messages are not accepted.`,
    );
  }
  if (!isSnsUrl(envelope.SigningCertURL)) {
    throw new InvalidSignatureError(
      "SigningCertURL must be an https://sns.<region>.amazonaws.com address.",
    );
  }
  const confirming = envelope.Type !== "Notification";
  if (confirming && !(envelope.SubscribeURL && isSnsUrl(envelope.SubscribeURL))) {
    throw new BadRequestError(
      "invalid_payload",
      "SubscribeURL must be an https://sns.<region>.amazonaws.com address.",
    );
  }

  const nowMs = runtime.clock.now().getTime();
  const key = await snsSigningKey(runtime.caches.sns, envelope.SigningCertURL, nowMs).catch(
    (error: unknown) => {
      // A certificate URL on an SNS host that answers 404 or no certificate: not a real message.
      if (error instanceof SnsFetchError && !error.retryable) {
        throw new InvalidSignatureError(error.message);
      }
      return unreachable(error);
    },
  );
  const verdict = verifySnsSignature(envelope, key);
  if (!verdict.ok) throw new InvalidSignatureError(verdict.reason);

  if (envelope.Type === "SubscriptionConfirmation") {
    await confirmSnsSubscription(runtime.caches.sns, envelope.SubscribeURL!).catch(unreachable);
    console.info(`[providers] confirmed the SNS subscription to ${envelope.TopicArn}`);
    return { confirmed: true };
  }
  if (envelope.Type === "UnsubscribeConfirmation") {
    // Someone unsubscribed this endpoint: SES events stop arriving until it is subscribed again.
    console.warn(`[providers] this endpoint was unsubscribed from ${envelope.TopicArn}`);
    return { ok: true };
  }

  const mapping = mapSesEvent(parseSesMessage(envelope.Message));
  if (mapping.kind === "malformed") {
    throw new BadRequestError(
      "invalid_payload",
      `The SES event in Message is not in the documented shape (${mapping.reason}).`,
    );
  }
  if (mapping.kind === "ignored") return { ignored: true };
  const outcome = await recordProviderReport(runtime, "ses", {
    ref: { messageIds: mapping.messageIds },
    eventId: envelope.MessageId,
    items: mapping.items,
  });
  // Not ours (or deleted): a 2xx so SNS stops retrying.
  return outcome === "unknown_email" ? { ignored: true } : { ok: true };
}

function parseSesMessage(message: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    // Raw message delivery or a message published by hand: not an SES event.
    throw new BadRequestError(
      "invalid_payload",
      "The SNS Message is not JSON: publish SES events to the topic, without raw message delivery.",
    );
  }
  assertCleanProviderInput(parsed);
  return parsed;
}

function unreachable(error: unknown): never {
  if (error instanceof SnsFetchError) throw new SnsUnreachableError(error.message);
  throw error;
}
