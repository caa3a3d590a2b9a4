import { simpleParser } from "mailparser";
import { Resend } from "resend";
import type { DeliveryOutcome, OutgoingMessage, Transport } from "./types";

/**
 * Delivery through Resend's API. DKIM is Resend's (the domain is verified there), so our key is
 * not used. Resend reports delivered/bounced/… later through its webhooks (lib/providers).
 * `RESEND_BASE_URL` lets tests point the SDK at a local fake.
 */
const PROVIDER_UNREACHABLE = "The email provider could not be reached; delivery will be retried.";

export function createResendTransport(apiKey: string, baseUrl?: string): Transport {
  const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    name: "resend",
    async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
      try {
        const request = message.raw
          ? await requestFromRaw(message)
          : {
              from: message.from,
              to: [message.to],
              cc: message.cc.length ? message.cc : undefined,
              bcc: message.bcc.length ? message.bcc : undefined,
              replyTo: message.replyTo.length ? message.replyTo : undefined,
              subject: message.subject,
              html: message.html ?? undefined,
              text: message.text ?? undefined,
              headers: { ...message.headers, "Message-ID": message.messageId },
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
              })),
            };
        const { data, error } = await client.emails.send(
          request as Parameters<typeof client.emails.send>[0],
        );
        if (data?.id) return { kind: "accepted", providerMessageId: data.id };
        const status = (error as { statusCode?: number } | null)?.statusCode ?? 0;
        const text = error?.message ?? "Resend returned no id";
        // Rate limits and provider outages are temporary; validation and auth errors are not.
        if (status === 429 || status >= 500 || status === 0)
          return { kind: "deferred", response: text, code: status || undefined };
        return { kind: "failed", error: `Resend rejected the message (${status}): ${text}` };
      } catch (error) {
        // The tenant reads a generic note; the cause (host, socket error) is the operator's.
        console.warn(`[resend] API unreachable: ${(error as Error).message}`);
        return { kind: "deferred", response: PROVIDER_UNREACHABLE };
      }
    },
    async close() {},
  };
}

/** Headers of a submitted message that Resend's fields do not carry but a reader relies on. */
const THREAD_HEADERS = ["in-reply-to", "references"] as const;

/**
 * Resend's API takes fields, not MIME: an app's SMTP submission is read back into them (both
 * alternatives, attachments, inline images by Content-ID, threading headers). Its other
 * headers and exact MIME layout are Resend's to rebuild; over SMTP relays the bytes go as is.
 */
async function requestFromRaw(message: OutgoingMessage) {
  const parsed = await simpleParser(message.raw!, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    // Inline images stay cid: references to the attachments sent with their Content-ID (by
    // default mailparser would inline them as data: URLs, which many mail clients block).
    skipImageLinks: true,
  });
  const headers: Record<string, string> = { ...message.headers, "Message-ID": message.messageId };
  for (const name of THREAD_HEADERS) {
    const value = parsed.headerLines.find((line) => line.key === name)?.line;
    if (value)
      headers[name === "references" ? "References" : "In-Reply-To"] = value
        .slice(value.indexOf(":") + 1)
        .trim();
  }
  return {
    from: message.from,
    to: [message.to],
    replyTo: parsed.replyTo?.value.map((a) => a.address).filter((a): a is string => !!a),
    subject: parsed.subject ?? message.subject,
    html: typeof parsed.html === "string" ? parsed.html : undefined,
    text: parsed.text,
    headers,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename,
      content: a.content.toString("base64"),
      contentType: a.contentType,
      contentId: a.related || a.contentDisposition === "inline" ? a.cid : undefined,
    })),
  };
}
