import SMTPConnection from "nodemailer/lib/smtp-connection";

/**
 * Delivery reports as a receiving server sends them back to a message's return path: an RFC 3464
 * DSN from a Postfix-like MTA and an RFC 5965 ARF complaint, both quoting the original's headers.
 */
export type Original = { to: string; messageId: string; returnPath: string; subject?: string };

let serial = 0;
const crlf = (lines: string[]) => lines.join("\r\n") + "\r\n";

export function dsnFor(
  original: Original,
  options: { action?: "failed" | "delayed"; status?: string; diagnostic?: string } = {},
): string {
  const action = options.action ?? "failed";
  const status = options.status ?? (action === "failed" ? "5.1.1" : "4.2.2");
  const diagnostic =
    options.diagnostic ??
    (status.startsWith("5")
      ? `smtp; 550 ${status} <${original.to}>: Recipient address rejected: User unknown`
      : `smtp; 452 ${status} <${original.to}>: Mailbox full`);
  const boundary = `dsn-${++serial}`;
  return crlf([
    `Return-Path: <>`,
    `Delivered-To: ${original.returnPath}`,
    `From: MAILER-DAEMON@mx.example.net (Mail Delivery System)`,
    `To: ${original.returnPath}`,
    `Subject: Undelivered Mail Returned to Sender`,
    `Date: Tue, 24 Nov 2026 01:00:00 +0000`,
    `Message-ID: <report-${serial}-${Date.now()}@mx.example.net>`,
    `Auto-Submitted: auto-generated`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    ``,
    `--${boundary}`,
    `Content-Type: text/plain; charset=us-ascii`,
    ``,
    `This is the mail system at host mx.example.net.`,
    ``,
    `I'm sorry to have to inform you that your message could not be delivered.`,
    ``,
    `--${boundary}`,
    `Content-Type: message/delivery-status`,
    ``,
    `Reporting-MTA: dns; mx.example.net`,
    `Arrival-Date: Tue, 24 Nov 2026 00:59:58 +0000`,
    ``,
    `Final-Recipient: rfc822; ${original.to}`,
    `Original-Recipient: rfc822;${original.to}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Remote-MTA: dns; inbound.example.net`,
    `Diagnostic-Code: ${diagnostic}`,
    ``,
    `--${boundary}`,
    `Content-Type: text/rfc822-headers`,
    ``,
    `Return-Path: <${original.returnPath}>`,
    `From: Acme <hello@mail.test>`,
    `To: ${original.to}`,
    `Subject: ${original.subject ?? "Hello"}`,
    `Message-ID: ${original.messageId}`,
    ``,
    `--${boundary}--`,
  ]);
}

export function arfFor(original: Original, feedbackType = "abuse"): string {
  const boundary = `arf-${++serial}`;
  return crlf([
    `From: Feedback Loop <fbl@feedback.example.org>`,
    `To: ${original.returnPath}`,
    `Subject: Complaint about a message from mail.test`,
    `Date: Tue, 24 Nov 2026 01:00:00 +0000`,
    `Message-ID: <complaint-${serial}-${Date.now()}@feedback.example.org>`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    ``,
    `--${boundary}`,
    `Content-Type: text/plain; charset=us-ascii`,
    ``,
    `This is an email abuse report for an email message received from IP 192.0.2.1.`,
    ``,
    `--${boundary}`,
    `Content-Type: message/feedback-report`,
    ``,
    `Feedback-Type: ${feedbackType}`,
    `User-Agent: ExampleFBL/1.0`,
    `Version: 1`,
    `Original-Mail-From: <${original.returnPath}>`,
    `Original-Rcpt-To: <${original.to}>`,
    `Arrival-Date: Tue, 24 Nov 2026 00:58:00 +0000`,
    `Reporting-MTA: dns; feedback.example.org`,
    `Source-IP: 192.0.2.1`,
    ``,
    `--${boundary}`,
    `Content-Type: message/rfc822`,
    ``,
    `Return-Path: <${original.returnPath}>`,
    `From: Acme <hello@mail.test>`,
    `To: ${original.to}`,
    `Subject: ${original.subject ?? "Hello"}`,
    `Message-ID: ${original.messageId}`,
    `Content-Type: text/plain`,
    ``,
    `Hello`,
    ``,
    `--${boundary}--`,
  ]);
}

/**
 * Hands a raw message to an SMTP server as a bouncing MTA does: null sender (`MAIL FROM:<>`),
 * the return path as the only recipient. Resolves with the server's final reply; rejects with
 * the SMTP error (its `responseCode`) when the server refuses.
 */
export async function deliverReport(port: number, recipient: string, raw: string): Promise<string> {
  const connection = new SMTPConnection({ host: "127.0.0.1", port, ignoreTLS: true });
  await new Promise<void>((resolve, reject) => {
    connection.once("error", reject);
    connection.connect(() => resolve());
  });
  try {
    return await new Promise<string>((resolve, reject) => {
      connection.send({ from: "", to: [recipient] }, raw, (error, info) => {
        if (error) reject(error);
        else resolve(info.response);
      });
    });
  } finally {
    connection.quit();
  }
}
