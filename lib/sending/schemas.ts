import { z } from "zod";
import { JsonObject } from "../validation";

/** "is required" when missing, "must be a string" when of another type. */
const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") });

export const MAX_ATTACHMENTS = 10;
/** Decoded bytes across all attachments; keeps a request well inside the 10 MiB body limit. */
export const MAX_ATTACHMENT_BYTES = 7 * 1024 * 1024;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;

const AddressList = z.union([z.string(), z.array(z.string()).max(50, "at most 50 addresses")], {
  error: "must be a string or an array of strings",
});

const Attachment = z.object({
  filename: z
    .string({ error: "must be a string" })
    .min(1, "is required")
    .max(255, "must be at most 255 characters")
    .refine((v) => !/[\r\n\0/\\]/.test(v), { message: "must not contain line breaks or slashes" }),
  content: z
    .string({ error: "must be a base64 string" })
    .min(1, "is required")
    .refine((v) => /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(v), { message: "must be base64" }),
  content_type: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, "must be a MIME type such as application/pdf")
    .optional(),
});

export const SendEmailInput = z
  .object({
    from: requiredString().min(1, "is required").max(400),
    to: requiredString().min(1, "is required").max(320),
    subject: requiredString()
      .trim()
      .min(1, "is required")
      .max(998, "must be at most 998 characters"),
    html: z.string().max(5_000_000).optional(),
    template: z.string().max(100).optional(),
    text: z.string().max(5_000_000).optional(),
    variables: JsonObject.optional(),
    cc: AddressList.optional(),
    bcc: AddressList.optional(),
    reply_to: AddressList.optional(),
    attachments: z
      .array(Attachment)
      .max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments`)
      .optional(),
  })
  .superRefine((value, issue) => {
    if (!value.html && !value.template) {
      issue.addIssue({
        code: "custom",
        path: ["html"],
        message: "is required unless template is given",
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
