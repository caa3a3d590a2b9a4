import { createHash } from "node:crypto";
import { simpleParser } from "mailparser";
import { rewriteMime } from "@/lib/core/mime/rewrite";
import { formatMailbox, parseMailbox, type Mailbox } from "../sending/addresses";

/** What the relay reads of a submitted message (DECISIONS §16). */
export type SubmittedContent = {
  /** The header From's first address; null when it has none the API would accept. */
  from: Mailbox | null;
  subject: string;
  html: string | null;
  text: string | null;
  /** Decoded bytes of its text, HTML and attachments. */
  contentBytes: number;
  /** The Idempotency-Key header, as given (checked like the API's). */
  idempotencyKey: string | null;
  /**
   * What makes two submissions "the same message" for an Idempotency-Key: the parsed content,
   * not the bytes, since an app that resubmits rebuilds its MIME (new boundaries, Date).
   */
  fingerprint: Record<string, unknown>;
};

/**
 * The most a message may carry (DECISIONS §16: 552 above 10 MiB), counted decoded: its
 * attachments and its text and HTML, so a 9 MiB file goes whatever its transfer encoding.
 */
export const SUBMISSION_MAX_CONTENT_BYTES = 10 * 1024 * 1024;

/** Headers never passed on: Bcc would name hidden recipients to all; the key is ours. */
const REMOVED_HEADERS = ["bcc", "idempotency-key"] as const;

/**
 * Reads a submitted message with mailparser (content for the log and the API, the From to check)
 * and the bytes to keep: the message as submitted, less Bcc and Idempotency-Key, with a Date
 * when the app gave none (RFC 5322 requires one; MTAs add it the same way).
 */
export async function readSubmittedMessage(
  raw: Buffer,
  now: Date,
): Promise<{ content: SubmittedContent; stored: Buffer }> {
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  const first = parsed.from?.value[0];
  const from = first?.address
    ? parseMailbox(formatMailbox({ name: first.name || null, address: first.address }))
    : null;
  const idempotencyKey = headerText(parsed.headers.get("idempotency-key"));
  const html = typeof parsed.html === "string" ? parsed.html : null;
  const text = parsed.text ?? null;
  const subject = parsed.subject ?? "";
  const stored = await rewriteMime(raw, {
    removeHeaders: REMOVED_HEADERS,
    defaultHeaders: { Date: now.toUTCString().replace("GMT", "+0000") },
  });
  return {
    content: {
      from,
      subject,
      html,
      text,
      contentBytes:
        Buffer.byteLength(html ?? "") +
        Buffer.byteLength(text ?? "") +
        parsed.attachments.reduce((sum, a) => sum + a.size, 0),
      idempotencyKey,
      fingerprint: {
        from: from ? formatMailbox(from) : null,
        subject,
        html: html === null ? null : sha256(html),
        text: text === null ? null : sha256(text),
        attachments: parsed.attachments.map((a) => sha256(a.content)),
      },
    },
    stored,
  };
}

function headerText(value: unknown): string | null {
  if (typeof value === "string") return value.trim();
  return null;
}

const sha256 = (value: string | Buffer) => createHash("sha256").update(value).digest("hex");
