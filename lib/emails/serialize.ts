import type { Email, EmailEvent } from "@/db/schema";
import { iso } from "../serialize";

export function serializeEmail(email: Email) {
  return {
    id: email.id,
    from: email.fromAddress,
    to: email.to,
    cc: email.cc,
    bcc: email.bcc,
    reply_to: email.replyTo,
    subject: email.subject,
    type: email.type,
    status: email.status,
    message_id: email.messageId,
    opens: email.opens,
    clicks: email.clicks,
    template_id: email.templateId,
    tags: email.tags,
    scheduled_at: iso(email.scheduledAt),
    test: email.mode === "test",
    last_error: email.lastError,
    created_at: iso(email.createdAt),
    sent_at: iso(email.sentAt),
    updated_at: iso(email.updatedAt),
  };
}

/** The detail view adds the bodies and attachment names (never their content). */
export function serializeEmailDetail(email: Email) {
  return {
    ...serializeEmail(email),
    html: email.html,
    text: email.text,
    attachments: email.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType ?? null,
    })),
  };
}

export function serializeEmailEvent(event: EmailEvent) {
  return { id: event.id, type: event.type, data: event.data, created_at: iso(event.createdAt) };
}
