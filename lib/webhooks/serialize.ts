import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "@/db/schema";
import { iso } from "../serialize";

/** The secret is part of the single-endpoint shape: receivers need it to verify signatures. */
export function serializeWebhook(endpoint: WebhookEndpoint) {
  return { ...serializeWebhookSummary(endpoint), secret: endpoint.secret };
}

/** List items leave the secret out: it is one GET away, and lists get logged and cached more. */
export function serializeWebhookSummary(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    active: endpoint.active,
    disabled_reason: endpoint.disabledReason,
    failing_since: iso(endpoint.failingSince),
    created_at: iso(endpoint.createdAt),
    updated_at: iso(endpoint.updatedAt),
  };
}
export type WebhookResource = ReturnType<typeof serializeWebhook>;

export function serializeAttempt(attempt: WebhookAttempt) {
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return {
    id: attempt.id,
    status: ok ? ("succeeded" as const) : ("failed" as const),
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    response_body: attempt.responseBody,
    error: attempt.error,
    attempted_at: iso(attempt.attemptedAt),
  };
}

export function serializeDelivery(delivery: WebhookDelivery, attempts: WebhookAttempt[]) {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempt_count: delivery.attempts,
    next_attempt_at: iso(delivery.nextAttemptAt),
    last_status_code: delivery.lastStatusCode,
    // Parsed for reading; the signed bytes are exactly JSON.stringify of the stored envelope.
    payload: JSON.parse(delivery.payload) as unknown,
    created_at: iso(delivery.createdAt),
    updated_at: iso(delivery.updatedAt),
    attempts: attempts.map(serializeAttempt),
  };
}
export type WebhookDeliveryResource = ReturnType<typeof serializeDelivery>;
