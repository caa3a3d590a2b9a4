import { PageOf } from "@/lib/core/pagination";
import { ListReceivedEmailsQuery } from "@/lib/received-emails/schemas";
import { ReceivedEmailResponse } from "@/lib/received-emails/serialize";
import type { Operation } from "./operation";

const tag = "Received emails";

export const receivedEmailOperations: Operation[] = [
  {
    id: "listReceivedEmails",
    method: "get",
    path: "/v1/received-emails",
    tag,
    summary: "List received emails",
    description:
      "Messages that came in for addresses at the project's receiving domains (`PATCH /v1/domains/{id}` with `receiving: true`), newest first, keyset-paged.",
    query: ListReceivedEmailsQuery,
    example: { query: { limit: "10" } },
    responses: {
      200: { description: "A page of received emails", schema: PageOf(ReceivedEmailResponse) },
    },
  },
  {
    id: "getReceivedEmail",
    method: "get",
    path: "/v1/received-emails/{id}",
    tag,
    summary: "Get a received email",
    description:
      "The message as it came in: addresses, subject, text and HTML bodies, headers, and its attachments (download each with the attachment route). `in_reply_to_email_id` names the sent email it replies to, when its `In-Reply-To` names that email's Message-ID.",
    responses: { 200: { description: "The received email", schema: ReceivedEmailResponse } },
  },
  {
    id: "getReceivedEmailAttachment",
    method: "get",
    path: "/v1/received-emails/{id}/attachments/{attachmentId}",
    tag,
    summary: "Download an attachment",
    description:
      "The attachment's bytes with its content type (as the message declared it), as a download (`Content-Disposition: attachment`).",
    responses: {
      200: {
        description:
          "The attachment's bytes, under its own content type (`application/pdf`, `image/png`…)",
        contentType: "application/octet-stream",
      },
    },
  },
];
