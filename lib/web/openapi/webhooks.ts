import { PageOf } from "@/lib/core/pagination";
import { DeletedResponse } from "@/lib/core/serialize";
import {
  ListDeliveriesQuery,
  ListWebhooksQuery,
  webhookInputSchemas,
} from "@/lib/webhooks/schemas";
import {
  WebhookDeliveryResponse,
  WebhookReplayResponse,
  WebhookResponse,
  WebhookSummaryResponse,
} from "@/lib/webhooks/serialize";
import { WebhookTestResponse } from "@/lib/webhooks/test-event";
import type { Operation } from "./operation";

const tag = "Webhooks";
// The document describes the default: private targets refused (WEBHOOK_ALLOW_PRIVATE unset).
const { CreateWebhookInput, UpdateWebhookInput } = webhookInputSchemas({
  webhookAllowPrivate: false,
});

export const webhookOperations: Operation[] = [
  {
    id: "createWebhook",
    method: "post",
    path: "/v1/webhooks",
    tag,
    summary: "Register a webhook endpoint",
    description:
      "Without `events`, every type, including types later versions add (`all_events: true`); a list is exactly those types. The answer carries the signing `secret`. Admin keys only.",
    body: CreateWebhookInput,
    example: {
      body: {
        url: "https://hooks.acme.example/mailwright",
        events: ["email.delivered", "email.bounced"],
      },
    },
    responses: { 201: { description: "Registered, with its secret", schema: WebhookResponse } },
  },
  {
    id: "listWebhooks",
    method: "get",
    path: "/v1/webhooks",
    tag,
    summary: "List webhook endpoints",
    description:
      "Newest first, keyset-paged; secrets are left out (GET /v1/webhooks/{id} shows one).",
    query: ListWebhooksQuery,
    example: { query: { limit: "10" } },
    responses: {
      200: { description: "A page of endpoints", schema: PageOf(WebhookSummaryResponse) },
    },
  },
  {
    id: "getWebhook",
    method: "get",
    path: "/v1/webhooks/{id}",
    tag,
    summary: "Get a webhook endpoint",
    description: "With its signing secret.",
    responses: { 200: { description: "The endpoint", schema: WebhookResponse } },
  },
  {
    id: "updateWebhook",
    method: "patch",
    path: "/v1/webhooks/{id}",
    tag,
    summary: "Update a webhook endpoint",
    description:
      "`url`, `events` (a list: exactly those types; `null`: every type again, future ones included), `description`, `active` (re-enabling clears the failure state).",
    body: UpdateWebhookInput,
    example: { body: { description: "Production hooks" } },
    responses: { 200: { description: "The updated endpoint", schema: WebhookResponse } },
  },
  {
    id: "deleteWebhook",
    method: "delete",
    path: "/v1/webhooks/{id}",
    tag,
    summary: "Delete a webhook endpoint",
    description: "With its deliveries and attempt log.",
    responses: { 200: { description: "Deleted", schema: DeletedResponse } },
  },
  {
    id: "listWebhookDeliveries",
    method: "get",
    path: "/v1/webhooks/{id}/deliveries",
    tag,
    summary: "List an endpoint's deliveries",
    description: "Newest first, keyset-paged, each with its attempts. Filter: `status`.",
    query: ListDeliveriesQuery,
    example: { query: { status: "failed" } },
    responses: {
      200: { description: "A page of deliveries", schema: PageOf(WebhookDeliveryResponse) },
    },
  },
  {
    id: "replayWebhookDelivery",
    method: "post",
    path: "/v1/webhooks/{id}/deliveries/{deliveryId}/replay",
    tag,
    summary: "Replay a delivery",
    description: "Re-sends the same signed bytes now, as a job.",
    codes: { 409: ["webhook_disabled"] },
    responses: { 202: { description: "Queued", schema: WebhookReplayResponse } },
  },
  {
    id: "sendWebhookTestEvent",
    method: "post",
    path: "/v1/webhooks/{id}/test",
    tag,
    summary: "Send a test event",
    description:
      "Delivers a signed `webhook.test` event with sample data through the normal path (signing, retries), whatever types the endpoint subscribes to; it appears in the endpoint's deliveries. Admin keys only.",
    codes: { 409: ["webhook_disabled"] },
    responses: { 202: { description: "Queued", schema: WebhookTestResponse } },
  },
];
