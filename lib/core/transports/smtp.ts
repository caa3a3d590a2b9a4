import { composeMessage } from "@/lib/core/mime/compose";
import { signMessage } from "@/lib/core/mime/dkim";
import { SmtpPool } from "@/lib/core/smtp/pool";
import type { SmtpError } from "@/lib/core/smtp/client-errors";
import type { DeliveryOutcome, OutgoingMessage, RecipientBounce, Transport } from "./types";
import { smtpRelayFromUrl, type SmtpRelay } from "./relays";

/**
 * Pooled SMTP through our pipelining client (lib/core/smtp/pool.ts): MAIL, RCPT and DATA in one
 * write, so a message costs two round trips on a connection instead of nodemailer's four, and no
 * Mail-layer plugins run over bytes already composed and signed (bench:send measured both).
 */
export function createSmtpTransport(
  target: string | SmtpRelay,
  options: { maxConnections?: number } = {},
): Transport {
  const relay = typeof target === "string" ? smtpRelayFromUrl(target) : target;
  const pool = new SmtpPool(relay, { maxConnections: options.maxConnections ?? 5 });

  return {
    name: "smtp",
    async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
      try {
        const info = await pool.send(
          {
            from: message.returnPath ?? bareAddress(message.from),
            // An app's submission goes to this email's recipient only; ours to its own to/cc/bcc.
            to: message.raw ? [message.to] : [message.to, ...message.cc, ...message.bcc],
          },
          // One Buffer, signed here (lib/core/mime/dkim.ts).
          await signedBytes(message),
        );
        const rejected = info.rejectedErrors;
        const primary = rejected.find(
          (e) => e.message.includes(message.to) || rejected.length === 1,
        );
        const ccBounces = permanentRefusals(rejected, message.to);
        const extra = ccBounces.length > 0 ? { ccBounces } : {};
        if (info.rejected.includes(message.to) && primary)
          return { ...classifySmtpError(primary), ...extra } as DeliveryOutcome;
        return {
          kind: "delivered",
          providerMessageId: message.messageId,
          response: info.response,
          ...extra,
        };
      } catch (error) {
        const outcome = classifySmtpError(error as SmtpError);
        // The tenant reads a generic note (RELAY_UNREACHABLE); the operator needs the cause.
        if (isNetworkError(error as SmtpError))
          console.warn(`[smtp] relay unreachable: ${(error as Error).message}`);
        return outcome;
      }
    },
    async close() {
      pool.close();
    },
  };
}

const bareAddress = (mailbox: string) => /<([^>]+)>$/.exec(mailbox)?.[1] ?? mailbox;

/**
 * The message's bytes, DKIM-signed when it carries a key: an app's submission as it came, or
 * ours composed (lib/core/mime/compose.ts; Bcc stays out of the headers, as in sendMail).
 */
async function signedBytes(message: OutgoingMessage): Promise<Buffer> {
  const composed = message.raw
    ? { bytes: message.raw, bodyRelaxedCanonical: false }
    : await composeMessage(message);
  if (!message.dkim) return composed.bytes;
  return signMessage(composed.bytes, message.dkim, {
    bodyRelaxedCanonical: composed.bodyRelaxedCanonical,
  });
}

/** Host, port, TLS and login of a relay, as nodemailer takes them (pool and Test connection). */
export function smtpConnectionOptions(relay: SmtpRelay) {
  return {
    host: relay.host,
    port: relay.port,
    secure: relay.tlsMode === "tls",
    requireTLS: relay.tlsMode === "starttls",
    ignoreTLS: relay.tlsMode === "none",
    auth: relay.username ? { user: relay.username, pass: relay.password ?? "" } : undefined,
    // Local relays and test servers often use self-signed certificates.
    tls: { rejectUnauthorized: relay.verifyCertificate },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
  };
}

/** cc/bcc recipients the server refused with a 5xx at RCPT: hard bounces of their own. */
function permanentRefusals(rejected: SmtpError[], to: string): RecipientBounce[] {
  return rejected
    .filter((e) => e.recipient && e.recipient.toLowerCase() !== to.toLowerCase())
    .filter((e) => (e.responseCode ?? 0) >= 500)
    .map((e) => ({
      address: e.recipient!.toLowerCase(),
      code: e.responseCode!,
      response: e.response ?? e.message,
    }));
}

/**
 * What a tenant reads (last_error, the timeline) when the relay cannot be reached: the socket
 * error names our relay's address and port, which is the operator's business, not theirs.
 */
export const RELAY_UNREACHABLE = "The mail relay could not be reached; delivery will be retried.";

/** No SMTP reply at all: refused or reset connections, timeouts, DNS, TLS handshakes. */
function isNetworkError(error: SmtpError): boolean {
  return !error.responseCode && !error.rejectedErrors?.[0]?.responseCode && error.code !== "EAUTH";
}

/**
 * Only a permanent refusal of the recipient (RCPT TO) or of the message for it (DATA) is a hard
 * bounce that suppresses the address. A 5xx elsewhere (login, MAIL FROM, greeting) says our side
 * is wrong, so the email fails without blaming the recipient; 4xx and network errors are retried.
 */
export function classifySmtpError(error: SmtpError): DeliveryOutcome {
  const recipientError = error.rejectedErrors?.[0];
  const code = error.responseCode ?? recipientError?.responseCode;
  const response = error.response ?? recipientError?.response ?? error.message;
  const command = (error.command ?? recipientError?.command ?? "").toUpperCase();
  if (error.code === "EAUTH")
    return { kind: "failed", error: `SMTP authentication failed: ${response}` };
  if (code && code >= 500) {
    const aboutRecipient = command.startsWith("RCPT") || command === "DATA";
    return aboutRecipient
      ? { kind: "bounced", code, response }
      : { kind: "failed", error: `SMTP server refused (${command || "session"}): ${response}` };
  }
  if (code && code >= 400) {
    // Refused before any recipient (greeting, MAIL FROM): the relay speaks for itself.
    const aboutRecipient = command.startsWith("RCPT") || command === "DATA";
    return aboutRecipient
      ? { kind: "deferred", code, response }
      : { kind: "deferred", code, response, fromRelay: true };
  }
  // Connection refused/reset, timeouts, TLS trouble: the server may come back.
  return { kind: "deferred", response: RELAY_UNREACHABLE };
}
