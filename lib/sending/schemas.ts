import { z } from "zod";
import { htmlNestingDepth, MAX_HTML_DEPTH } from "@/lib/core/html/depth";
import { JsonObject } from "@/lib/core/validation";
import { MAX_MAILBOX_LENGTH } from "./addresses";

/** "is required" when missing, "must be a string" when of another type. */
const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") });

export const MAX_ATTACHMENTS = 10;
/** Decoded bytes across all attachments; keeps a request well inside the 10 MiB body limit. */
export const MAX_ATTACHMENT_BYTES = 7 * 1024 * 1024;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;
export const MAX_ADDRESSES = 50;
/** html and text: the same ceiling as a template's source, far above any real email. */
export const MAX_BODY_LENGTH = 1_000_000;

const bodyLength = `must be at most ${MAX_BODY_LENGTH.toLocaleString("en")} characters`;
const mailboxLength = `must be at most ${MAX_MAILBOX_LENGTH} characters`;
const Mailbox = z.string({ error: "must be a string" }).max(MAX_MAILBOX_LENGTH, mailboxLength);

// The count is checked after the union: zod reports a union's failed array branch as "must be a
// string or an array of strings", which says nothing about the count.
const AddressList = z
  .union([Mailbox, z.array(Mailbox)], { error: "must be a string or an array of strings" })
  .refine((v) => !Array.isArray(v) || v.length <= MAX_ADDRESSES, {
    message: `must have at most ${MAX_ADDRESSES} addresses`,
  });

// Base64 with optional line breaks. Trailing spaces belong to the body unless padding precedes
// them: /^[A-Za-z0-9+/\s]*={0,2}\s*$/ let either part take them and was quadratic on a long run
// of spaces followed by anything else.
const BASE64 = /^[A-Za-z0-9+/\s]*(?:={1,2}\s*)?$/;

const Attachment = z.object({
  filename: z
    .string({ error: "must be a string" })
    .min(1, "is required")
    .max(255, "must be at most 255 characters")
    .refine((v) => !/[\r\n\0/\\]/.test(v), { message: "must not contain line breaks or slashes" }),
  content: z
    .string({ error: "must be a base64 string" })
    .min(1, "is required")
    .refine((v) => BASE64.test(v), { message: "must be base64" }),
  content_type: z
    .string({ error: "must be a string" })
    .max(255, "must be at most 255 characters")
    .regex(/^[\w.+-]+\/[\w.+-]+$/, "must be a MIME type such as application/pdf")
    .optional(),
});

export const MAX_TAGS = 50;
export const MAX_BATCH_EMAILS = 100;
/** How far ahead `scheduled_at` may be (documented in docs/api.md). */
export const MAX_SCHEDULE_DAYS = 30;

const TAG_TEXT = /^[A-Za-z0-9_-]+$/;
const tagText = (what: string) =>
  z
    .string({ error: "must be a string" })
    .min(1, "is required")
    .max(256, "must be at most 256 characters")
    .regex(TAG_TEXT, "may contain only ASCII letters, numbers, underscores and dashes")
    .describe(what);

/** Resend's tag rules: ASCII letters, numbers, underscores, dashes; at most 256 characters. */
export const EmailTag = z
  .object({
    name: tagText("The tag's name."),
    value: tagText("The tag's value."),
  })
  .describe("A name/value pair stored on the email and echoed in its webhooks.");

export const EmailTags = z
  .array(EmailTag, { error: "must be an array of {name, value}" })
  .max(MAX_TAGS, `must have at most ${MAX_TAGS} tags`)
  .describe(`Up to ${MAX_TAGS} tags, echoed on GET /v1/emails/:id and in every webhook.`);

/** An ISO 8601 timestamp with its offset; the service checks it is in the future (clock). */
export const ScheduledAt = z.iso
  .datetime({ offset: true, error: "must be an ISO 8601 timestamp such as 2026-06-01T09:00:00Z" })
  .describe(
    `Deliver at this time (ISO 8601, in the future, at most ${MAX_SCHEDULE_DAYS} days ahead). The email is \`scheduled\` until then.`,
  );

export const SendEmailInput = z
  .object({
    from: requiredString().min(1, "is required").max(MAX_MAILBOX_LENGTH, mailboxLength),
    to: requiredString().min(1, "is required").max(MAX_MAILBOX_LENGTH, mailboxLength),
    subject: requiredString()
      .trim()
      .min(1, "is required")
      .max(998, "must be at most 998 characters"),
    html: z.string({ error: "must be a string" }).max(MAX_BODY_LENGTH, bodyLength).optional(),
    template: z
      .string({ error: "must be a string" })
      .max(100, "must be at most 100 characters")
      .optional(),
    text: z.string({ error: "must be a string" }).max(MAX_BODY_LENGTH, bodyLength).optional(),
    variables: JsonObject.optional(),
    cc: AddressList.optional(),
    bcc: AddressList.optional(),
    reply_to: AddressList.optional(),
    attachments: z
      .array(Attachment)
      .max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments`)
      .optional(),
    tags: EmailTags.optional(),
    scheduled_at: ScheduledAt.optional(),
  })
  .superRefine((value, issue) => {
    if (!value.html && !value.template) {
      issue.addIssue({
        code: "custom",
        path: ["html"],
        message: "is required unless template is given",
      });
    }
    if (value.html && htmlNestingDepth(value.html) > MAX_HTML_DEPTH) {
      issue.addIssue({
        code: "custom",
        path: ["html"],
        message: `must not nest elements more than ${MAX_HTML_DEPTH} levels deep`,
      });
    }
    if (value.html && value.template) {
      issue.addIssue({
        code: "custom",
        path: ["template"],
        message: "give either html or template, not both",
      });
    }
    const bytes = (value.attachments ?? []).reduce(
      (n, a) => n + Buffer.byteLength(a.content, "base64"),
      0,
    );
    if (bytes > MAX_ATTACHMENT_BYTES) {
      issue.addIssue({
        code: "custom",
        path: ["attachments"],
        message: "must total at most 7 MiB",
      });
    }
  });
export type SendEmailInput = z.infer<typeof SendEmailInput>;

export const SendEmailBatchInput = z
  .array(SendEmailInput, { error: "must be an array of emails" })
  .min(1, "must contain at least one email")
  .max(MAX_BATCH_EMAILS, `must contain at most ${MAX_BATCH_EMAILS} emails`)
  .describe(
    `Up to ${MAX_BATCH_EMAILS} emails, each the body of POST /v1/send; all are validated before any is recorded.`,
  );
export type SendEmailBatchInput = z.infer<typeof SendEmailBatchInput>;

/** The answer for one accepted email (POST /v1/send, and each item of a batch). */
export const SendEmailResponse = z.strictObject({
  id: z.string().describe("The email's id (em_…).").meta({ example: "em_7hGk2PqW9xLc4TnZ" }),
  status: z.enum(["sent", "queued", "scheduled"]).describe("Its status once accepted."),
  messageId: z.string().nullable().describe("The Message-ID header it carries."),
  idempotent: z.literal(true).optional().describe("Present on an Idempotency-Key replay."),
});
export const SendEmailBatchResponse = z.strictObject({
  data: z
    .array(SendEmailResponse.omit({ idempotent: true }))
    .describe("One result per email, in order."),
  idempotent: z.literal(true).optional().describe("Present on an Idempotency-Key replay."),
});
