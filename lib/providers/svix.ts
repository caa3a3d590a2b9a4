import { createHmac, timingSafeEqual } from "node:crypto";
import { checkWebhookTimestamp } from "./timestamp-window";

/**
 * Svix webhook signatures, as Resend sends them: HMAC-SHA256 over `${id}.${timestamp}.${body}`
 * keyed with the base64 secret after its `whsec_` prefix; the header holds space-separated
 * `v1,<base64>` entries (several during a secret rotation).
 */
export type SvixHeaders = {
  id: string | null;
  timestamp: string | null;
  signature: string | null;
};

export type SvixVerification = { ok: true } | { ok: false; reason: string };

/** Reads svix-* headers, or their Standard Webhooks twins (webhook-*). */
export function svixHeadersFrom(headers: Headers): SvixHeaders {
  return {
    id: headers.get("svix-id") ?? headers.get("webhook-id"),
    timestamp: headers.get("svix-timestamp") ?? headers.get("webhook-timestamp"),
    signature: headers.get("svix-signature") ?? headers.get("webhook-signature"),
  };
}

function secretKey(secret: string): Buffer {
  return Buffer.from(secret.trim().replace(/^whsec_/, ""), "base64");
}

/** The `v1,<base64>` signature of a payload (what the sender computes). */
export function signSvix(secret: string, id: string, timestamp: string, body: string): string {
  const digest = createHmac("sha256", secretKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return `v1,${digest}`;
}

export function verifySvixSignature(
  secret: string,
  headers: SvixHeaders,
  body: string,
  now: Date,
): SvixVerification {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) {
    return {
      ok: false,
      reason: "The svix-id, svix-timestamp and svix-signature headers are required.",
    };
  }
  const fresh = checkWebhookTimestamp(timestamp, now, "The svix-timestamp header");
  if (!fresh.ok) return fresh;
  const expected = Buffer.from(signSvix(secret, id, timestamp, body).slice("v1,".length));
  const matches = signature
    .split(" ")
    .filter((entry) => entry.startsWith("v1,"))
    .some((entry) => {
      const given = Buffer.from(entry.slice("v1,".length));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  return matches ? { ok: true } : { ok: false, reason: "No signature matches the payload." };
}
