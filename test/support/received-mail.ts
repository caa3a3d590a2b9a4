import { openSmtpClient } from "./smtp-client";

/**
 * One SMTP transaction against the inbound receiver over a raw TCP client, every reply kept:
 * the RCPT replies one per recipient, then DATA's and the final dot's (absent when no recipient
 * was accepted). For tests that need the exact codes the receiver answers.
 */
export async function smtpTransaction(
  port: number,
  envelope: { from?: string; to: string[] },
  raw: string,
): Promise<{ rcpt: string[]; data?: string; final?: string }> {
  const client = await openSmtpClient(port);
  try {
    await client.reply();
    await client.command("EHLO sender.example");
    await client.command(`MAIL FROM:<${envelope.from ?? "sender@example.com"}>`);
    const rcpt: string[] = [];
    for (const to of envelope.to) rcpt.push(await client.command(`RCPT TO:<${to}>`));
    if (!rcpt.some((reply) => reply.startsWith("250"))) return { rcpt };
    const data = await client.command("DATA");
    // Dot-stuffing: a line that starts with "." gets a second one.
    const body = raw.replace(/\r?\n/g, "\r\n").replace(/(^|\r\n)\./g, "$1..");
    const final = await client.command(`${body.replace(/(\r\n)?$/, "\r\n")}.`, 20_000);
    await client.command("QUIT").catch(() => undefined);
    return { rcpt, data, final };
  } finally {
    client.close();
  }
}

let serial = 0;
const crlf = (lines: string[]) => lines.join("\r\n") + "\r\n";

/** A typical message: text and HTML alternatives and one attachment, as a mail client sends it. */
export function mimeMessage(options: {
  from?: string;
  to: string;
  cc?: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  text?: string;
  html?: string;
  attachment?: { filename: string; contentType: string; bytes: Buffer };
}): { raw: string; messageId: string } {
  const messageId = options.messageId ?? `<msg-${++serial}-${Date.now()}@sender.example>`;
  const mixed = `mixed-${serial}`;
  const alternative = `alt-${serial}`;
  const attachment = options.attachment;
  const raw = crlf([
    `From: ${options.from ?? "Ada Lovelace <ada@sender.example>"}`,
    `To: ${options.to}`,
    ...(options.cc ? [`Cc: ${options.cc}`] : []),
    `Subject: ${options.subject ?? "Hello there"}`,
    `Date: Fri, 27 Nov 2026 10:00:00 +0000`,
    `Message-ID: ${messageId}`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    `X-Custom: one`,
    `X-Custom: two`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    ``,
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alternative}"`,
    ``,
    `--${alternative}`,
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    options.text ?? "Hello in plain text.",
    `--${alternative}`,
    `Content-Type: text/html; charset=utf-8`,
    ``,
    options.html ?? "<p>Hello in <b>HTML</b>.</p>",
    `--${alternative}--`,
    ...(attachment
      ? [
          `--${mixed}`,
          `Content-Type: ${attachment.contentType}; name="${attachment.filename}"`,
          `Content-Disposition: attachment; filename="${attachment.filename}"`,
          `Content-Transfer-Encoding: base64`,
          ``,
          ...(attachment.bytes.toString("base64").match(/.{1,76}/g) ?? []),
        ]
      : []),
    `--${mixed}--`,
  ]);
  return { raw, messageId };
}
