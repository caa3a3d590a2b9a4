import { z } from "zod";
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";
import { WEBHOOK_EVENT_TYPES } from "./event-types";

export const WebhookSummaryResponse = z.strictObject({
  id: z.string().meta({ example: "wh_9LmQ2xKc7VbT4nRz" }),
  url: z.string().meta({ example: "https://hooks.acme.example/mailwright" }),
  description: z.string().nullable(),
  events: z.array(z.string()).meta({
    example: [...WEBHOOK_EVENT_TYPES],
    description: "The types it receives: with `all_events`, every type this version has.",
  }),
  all_events: z.boolean().meta({
    description:
      "Created without `events` (or PATCHed with `events: null`): it receives every type, types added later included.",
  }),
  active: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export const WebhookResponse = WebhookSummaryResponse.extend({
  secret: z.string().meta({ example: "whsec_3kTQ9mWcY2hX8pLrN5vB7zQa" }),
});
export type WebhookResource = z.infer<typeof WebhookResponse>;

const WebhookAttemptResponse = z.strictObject({
  id: z.string(),
  status: z.enum(["succeeded", "failed"]),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  attempted_at: Timestamp,
});

export const WebhookDeliveryResponse = z.strictObject({
  id: z.string(),
  endpoint_id: z.string(),
  event_type: z.string().meta({ example: "email.delivered" }),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempt_count: z.number().int(),
  next_attempt_at: Timestamp.nullable(),
  last_status_code: z.number().int().nullable(),
  payload: z.unknown(),
  created_at: Timestamp,
  updated_at: Timestamp,
  attempts: z.array(WebhookAttemptResponse),
});
export type WebhookDeliveryResource = z.infer<typeof WebhookDeliveryResponse>;

export const WebhookReplayResponse = z.strictObject({
  id: z.string(),
  endpoint_id: z.string(),
  queued: z.literal(true),
});

/** The secret is part of the single-endpoint shape: receivers need it to verify signatures. */
export function serializeWebhook(endpoint: WebhookEndpoint): WebhookResource {
  return { ...serializeWebhookSummary(endpoint), secret: endpoint.secret };
}

/** List items leave the secret out: it is one GET away, and lists get logged and cached more. */
export function serializeWebhookSummary(
  endpoint: WebhookEndpoint,
): z.infer<typeof WebhookSummaryResponse> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    // Every type there is now: the stored list is what there was when it was last set.
    events: endpoint.allEvents ? [...WEBHOOK_EVENT_TYPES] : endpoint.events,
    all_events: endpoint.allEvents,
    active: endpoint.active,
    disabled_reason: endpoint.disabledReason,
    failing_since: iso(endpoint.failingSince),
    created_at: iso(endpoint.createdAt),
    updated_at: iso(endpoint.updatedAt),
  };
}

export function serializeAttempt(attempt: WebhookAttempt): z.infer<typeof WebhookAttemptResponse> {
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

export function serializeDelivery(
  delivery: WebhookDelivery,
  attempts: WebhookAttempt[],
): WebhookDeliveryResource {
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
