import type Mail from "nodemailer/lib/mailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { pooledRandomBytes } from "@/lib/core/ids";
import { quotedPrintablePart } from "./quoted-printable";

/** What a message is composed from (the fields of the transports' OutgoingMessage it writes). */
export type MessageToCompose = {
  from: string;
  to: string;
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** RFC 5322 Message-ID we assign, e.g. `<em_…@example.com>`: stable across retries. */
  messageId: string;
  headers: Record<string, string>;
  attachments: { filename: string; content: string; contentType?: string }[];
};

/**
 * Our message's bytes, unsigned: nodemailer's MailComposer for the headers (addresses, encoded
 * words, folding: the hard part, left to a well-kept library) and, for the shape nearly every
 * email has — an HTML body with its text part and no attachments — the multipart body written
 * here around our quoted-printable parts. MailComposer's own build() streams those same bytes
 * through a tree of streams, one `setImmediate` per part and a newline transform: skipping that
 * took a fifth off composing a campaign email (bench:mime, 1.88 -> 1.46 ms on a loaded VM). The
 * bytes are identical either way (test/unit/core/mime/compose.test.ts); any other shape is built
 * by MailComposer end to end.
 */
export async function composeMessageBytes(message: MessageToCompose): Promise<Buffer> {
  return (await composeMessage(message)).bytes;
}

/**
 * The message's bytes, and whether its body is known to be in DKIM's relaxed canonical form as
 * written (our two quoted-printable parts said so), so the signer hashes it without searching it.
 */
export type ComposedMessage = { bytes: Buffer; bodyRelaxedCanonical: boolean };

export async function composeMessage(message: MessageToCompose): Promise<ComposedMessage> {
  if (message.html == null || message.text == null) {
    const bytes = await new MailComposer(composerOptions(message, null)).compile().build();
    return { bytes, bodyRelaxedCanonical: false };
  }
  const text = quotedPrintablePart("plain", message.text);
  const html = quotedPrintablePart("html", message.html);
  const parts: PrebuiltParts = { text: text.bytes, html: html.bytes };
  const composer = new MailComposer(composerOptions(message, parts));
  if (message.attachments.length > 0) {
    return { bytes: await composer.compile().build(), bodyRelaxedCanonical: false };
  }
  return {
    bytes: alternativeBytes(composer.compile(), parts),
    // Boundary lines and part headers are canonical as written.
    bodyRelaxedCanonical: text.relaxedCanonical && html.relaxedCanonical,
  };
}

/** Both bodies, encoded with their part headers (quoted-printable.ts). */
type PrebuiltParts = { text: Buffer; html: Buffer };

/** The root's fields MailComposer declares, and the one it sets while building its headers. */
type AlternativeRoot = { buildHeaders(): string; boundary?: string | false };

/**
 * What MailComposer.build() writes for a multipart/alternative root over two pre-built parts:
 * the root's headers, a blank line, then each part after its boundary line, then the closing one.
 */
function alternativeBytes(root: AlternativeRoot, parts: PrebuiltParts): Buffer {
  const headers = root.buildHeaders(); // sets the boundary it names in Content-Type
  const boundary = root.boundary;
  if (!boundary) throw new Error("a multipart/alternative root without a boundary");
  return Buffer.concat([
    Buffer.from(`${headers}\r\n\r\n--${boundary}\r\n`),
    parts.text,
    Buffer.from(`\r\n--${boundary}\r\n`),
    parts.html,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** nodemailer reads `baseBoundary` (MailComposer) without declaring it in its types. */
type ComposerOptions = Mail.Options & { baseBoundary: string };

/**
 * MailComposer's options for a message. Both bodies (the rule for our HTML mail: its text is
 * derived) go as pre-encoded parts (quoted-printable.ts: nodemailer's encoder took 3× as long);
 * a lone body stays nodemailer's, since a pre-built root part replaces the headers too.
 */
export function composerOptions(
  message: MessageToCompose,
  parts: PrebuiltParts | null,
): ComposerOptions {
  return {
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    replyTo: message.replyTo.length ? message.replyTo : undefined,
    subject: message.subject,
    html: parts ? prebuiltPart(parts.html) : (message.html ?? undefined),
    text: parts ? prebuiltPart(parts.text) : (message.text ?? undefined),
    messageId: message.messageId,
    // Each MIME part drew 8 random bytes from the system for a boundary only the root's is used
    // for, and those syscalls were ~2 % of a delivery worker's CPU: one pooled draw instead.
    baseBoundary: pooledRandomBytes(8).toString("hex"),
    headers: message.headers,
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      encoding: "base64",
      contentType: a.contentType,
    })),
  };
}

/** A part nodemailer writes as it is: it reads `raw` on any part, its types only on some. */
const prebuiltPart = (raw: Buffer) => ({ raw }) as Mail.AttachmentLike;
