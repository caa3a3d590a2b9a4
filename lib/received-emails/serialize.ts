import { z } from "zod";
import type { ReceivedEmail, ReceivedEmailAttachment } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";

export const ReceivedAttachmentResponse = z.strictObject({
  id: z.string().meta({ example: "ra_4VxP9qLm2KcT7wRb" }),
  filename: z.string().meta({ example: "invoice.pdf" }),
  content_type: z.string().meta({ example: "application/pdf" }),
  size: z.number().int().meta({ description: "In bytes." }),
});

/** The received-email resource (DECISIONS §16). */
export const ReceivedEmailResponse = z.strictObject({
  id: z.string().meta({ example: "re_4VxP9qLm2KcT7wRb" }),
  from: z.string().meta({ example: "Ada Lovelace <ada@example.com>" }),
  to: z.array(z.string()).meta({ example: ["support@acme.example"] }),
  cc: z.array(z.string()),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()).meta({
    description:
      'Header names lower-cased; a header given several times (Received) has its values joined by "\\n".',
  }),
  message_id: z.string().nullable(),
  in_reply_to_email_id: z.string().nullable().meta({
    description: "The sent email this replies to: its `In-Reply-To` names that email's Message-ID.",
  }),
  attachments: z.array(ReceivedAttachmentResponse),
  created_at: Timestamp,
});
export type ReceivedEmailResource = z.infer<typeof ReceivedEmailResponse>;

export type AttachmentSummary = Pick<
  ReceivedEmailAttachment,
  "id" | "filename" | "contentType" | "size"
>;

export function serializeReceivedEmail(
  email: ReceivedEmail,
  attachments: AttachmentSummary[],
): ReceivedEmailResource {
  return {
    id: email.id,
    from: email.from,
    to: email.to,
    cc: email.cc,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
    message_id: email.messageId,
    in_reply_to_email_id: email.inReplyToEmailId,
    attachments: attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
    })),
    created_at: iso(email.createdAt),
  };
}
