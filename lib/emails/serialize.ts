import { z } from "zod";
import { EMAIL_STATUSES, EMAIL_TYPES, type Email, type EmailEvent } from "@/db/schema";
import { iso, JsonObjectResponse, Timestamp } from "@/lib/core/serialize";
import { maskAccountLinks } from "./account-emails";

export const EmailResponse = z.strictObject({
  id: z.string().meta({ example: "em_7hGk2PqW9xLc4TnZ" }),
  from: z.string().meta({ example: "Acme <hello@acme.example>" }),
  to: z.string(),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  reply_to: z.array(z.string()),
  subject: z.string(),
  type: z.enum(EMAIL_TYPES),
  status: z.enum(EMAIL_STATUSES),
  message_id: z.string().nullable(),
  opens: z.number().int(),
  clicks: z.number().int(),
  human_opens: z
    .number()
    .int()
    .meta({ description: "Opens that were a person's, not a machine's (docs/engagement.md)." }),
  human_clicks: z
    .number()
    .int()
    .meta({ description: "Clicks that were a person's, not a machine's (docs/engagement.md)." }),
  template_id: z.string().nullable(),
  topic_id: z
    .string()
    .nullable()
    .meta({ description: "The topic its campaign or automation step was about (DECISIONS §13)." }),
  required_notice: z
    .boolean()
    .meta({ description: "Sent as a campaign's required notice, to unsubscribed contacts too." }),
  tags: z
    .array(z.strictObject({ name: z.string(), value: z.string() }))
    .meta({ example: [{ name: "category", value: "welcome" }] }),
  scheduled_at: Timestamp.nullable(),
  test: z.boolean(),
  last_error: z.string().nullable(),
  created_at: Timestamp,
  sent_at: Timestamp.nullable(),
  updated_at: Timestamp,
});
export type EmailResource = z.infer<typeof EmailResponse>;

/** The detail view adds the bodies and attachment names (never their content). */
export const EmailDetailResponse = EmailResponse.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  attachments: z.array(
    z.strictObject({ filename: z.string(), content_type: z.string().nullable() }),
  ),
});

export const EmailEventResponse = z.strictObject({
  id: z.string(),
  type: z.string().meta({ example: "delivered" }),
  data: JsonObjectResponse,
  created_at: Timestamp,
});

export function serializeEmail(email: Email): EmailResource {
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
    human_opens: email.humanOpens,
    human_clicks: email.humanClicks,
    template_id: email.templateId,
    topic_id: email.topicId,
    required_notice: email.requiredNotice,
    tags: email.tags,
    scheduled_at: iso(email.scheduledAt),
    test: email.mode === "test",
    last_error: email.lastError,
    created_at: iso(email.createdAt),
    sent_at: iso(email.sentAt),
    updated_at: iso(email.updatedAt),
  };
}

export function serializeEmailDetail(email: Email): z.infer<typeof EmailDetailResponse> {
  return {
    ...serializeEmail(email),
    html: maskAccountLinks(email, email.html),
    text: maskAccountLinks(email, email.text),
    attachments: email.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType ?? null,
    })),
  };
}

export function serializeEmailEvent(event: EmailEvent): z.infer<typeof EmailEventResponse> {
  return { id: event.id, type: event.type, data: event.data, created_at: iso(event.createdAt) };
}
