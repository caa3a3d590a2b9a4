import { z } from "zod";
import { PageOf, PageQuery } from "@/lib/core/pagination";
import { EmailDetailResponse, EmailEventResponse, EmailResponse } from "@/lib/emails/serialize";
import { ListEmailsQuery } from "@/lib/emails/schemas";
import { EventResponse } from "@/lib/events/serialize";
import { RecordEventInput } from "@/lib/events/schemas";
import {
  SendEmailBatchInput,
  SendEmailBatchResponse,
  SendEmailInput,
  SendEmailResponse,
} from "@/lib/sending/schemas";
import type { Operation } from "./operation";

export const sendingOperations: Operation[] = [
  {
    id: "sendEmail",
    permission: "sending",
    method: "post",
    path: "/v1/send",
    tag: "Emails",
    summary: "Send an email",
    description:
      "One transactional email, from raw `html` or a stored `template` with `variables`. 200 when handed to the provider (`sent`), 202 when stored `queued` (no provider configured). With an `Idempotency-Key`, a retry of the same request answers the first result with `idempotent: true`; the key reused for a different request is refused with 422 `idempotency_key_reused`. Test keys simulate delivery.",
    body: SendEmailInput,
    headers: [
      {
        name: "Idempotency-Key",
        description:
          "Up to 256 characters, kept 24 hours per project and key mode: the same key sends exactly one email; reused for a different request it is refused (422 `idempotency_key_reused`).",
        schema: z.string().max(256),
      },
    ],
    codes: {
      403: ["domain_not_verified", "test_key_real_recipient"],
      422: ["recipient_suppressed", "template_not_found", "idempotency_key_reused"],
    },
    example: {
      body: {
        from: "Acme <hello@acme.example>",
        to: "ana@example.com",
        subject: 'Welcome, {{ first_name | "there" }}',
        html: "<p>Thanks for signing up.</p>",
        variables: { first_name: "Ana" },
      },
    },
    responses: {
      200: { description: "Sent (or an idempotent replay)", schema: SendEmailResponse },
      202: { description: "Queued: delivery is not configured yet", schema: SendEmailResponse },
    },
  },
  {
    id: "sendEmailBatch",
    permission: "sending",
    method: "post",
    path: "/v1/send/batch",
    tag: "Emails",
    summary: "Send up to 100 emails",
    description:
      "A JSON array of 1–100 emails, each the body of POST /v1/send. All or nothing: every item is checked first and the first invalid one fails the request with a detail path naming its index (`2.to`); otherwise all are recorded in one transaction. 200 when every email is `sent`, else 202. `Idempotency-Key` covers the whole batch (the same batch replays, another is refused with 422 `idempotency_key_reused`).",
    body: SendEmailBatchInput,
    headers: [
      {
        name: "Idempotency-Key",
        description:
          "Up to 256 characters, kept 24 hours per project and key mode: the same key sends the batch once; reused for a different batch it is refused (422 `idempotency_key_reused`).",
        schema: z.string().max(256),
      },
    ],
    codes: {
      403: ["domain_not_verified", "test_key_real_recipient"],
      422: ["recipient_suppressed", "template_not_found", "idempotency_key_reused"],
    },
    example: {
      body: [
        {
          from: "Acme <hello@acme.example>",
          to: "ana@example.com",
          subject: "Your receipt",
          html: "<p>Thanks!</p>",
          tags: [{ name: "category", value: "receipt" }],
        },
      ],
    },
    responses: {
      200: { description: "Every email sent", schema: SendEmailBatchResponse },
      202: { description: "Some queued or scheduled", schema: SendEmailBatchResponse },
    },
  },
  {
    id: "cancelEmail",
    method: "post",
    path: "/v1/emails/{id}/cancel",
    tag: "Emails",
    summary: "Cancel a scheduled email",
    description:
      "A `scheduled` email becomes `canceled` and is never sent. 409 `email_not_scheduled` once it is no longer scheduled (sent, or canceled before).",
    codes: { 409: ["email_not_scheduled"] },
    responses: { 200: { description: "The canceled email", schema: EmailResponse } },
  },
  {
    id: "listEmails",
    permission: "sending",
    method: "get",
    path: "/v1/emails",
    tag: "Emails",
    summary: "List emails",
    description:
      "Newest first, keyset-paged. Filters: `status`, `type`, `to` (exact), `search` (part of the recipient), `contact_id`, `campaign_id`, `automation_id`, `since`, `until` (a date or an ISO timestamp).",
    query: ListEmailsQuery,
    example: { query: { limit: "20", type: "transactional" } },
    responses: { 200: { description: "A page of emails", schema: PageOf(EmailResponse) } },
  },
  {
    id: "getEmail",
    permission: "sending",
    method: "get",
    path: "/v1/emails/{id}",
    tag: "Emails",
    summary: "Get an email",
    description: "Current status, opens, clicks, the bodies and attachment names.",
    responses: { 200: { description: "The email", schema: EmailDetailResponse } },
  },
  {
    id: "listEmailEvents",
    method: "get",
    path: "/v1/emails/{id}/events",
    tag: "Emails",
    summary: "List an email's events",
    description: "Its timeline (queued, sent, delivered, opened, clicked, bounced…), oldest first.",
    query: PageQuery,
    responses: { 200: { description: "A page of events", schema: PageOf(EmailEventResponse) } },
  },
  {
    id: "recordEvent",
    permission: "sending",
    method: "post",
    path: "/v1/events",
    tag: "Events",
    summary: "Record an event",
    description:
      "A custom event (`user.signed_up`), optionally for a contact by `email`: enrolls it in automations triggered by that name and wakes runs waiting for it.",
    body: RecordEventInput,
    example: { body: { name: "user.signed_up", email: "ana@example.com", data: { plan: "pro" } } },
    responses: { 201: { description: "Recorded", schema: EventResponse } },
  },
];
