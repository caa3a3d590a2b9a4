import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { checkWebhookTimestamp } from "./timestamp-window";

/**
 * SendGrid's Signed Event Webhook, as SendGrid documents it: ECDSA (P-256) with SHA-256 over the
 * timestamp header followed by the raw body; the signature header holds the base64 DER
 * signature, and the verification key is shown in base64 DER (SubjectPublicKeyInfo). The signed
 * timestamp must be within 5 minutes of our clock, or a captured batch could be replayed for ever.
 */
export const SENDGRID_SIGNATURE_HEADER = "x-twilio-email-event-webhook-signature";
export const SENDGRID_TIMESTAMP_HEADER = "x-twilio-email-event-webhook-timestamp";

export type SendgridVerification = { ok: true } | { ok: false; reason: string };

/**
 * The verification key, parsed once (parsing the DER costs more than checking a signature): one
 * configured key per process, so the memo holds one; a changed key replaces it.
 */
export type SendgridKeys = { publicKey(base64Spki: string): KeyObject };

declare module "@/lib/core/runtime" {
  interface RuntimeCaches {
    /** SendGrid's parsed verification key (lib/providers/sendgrid-signature.ts). */
    sendgridKeys: SendgridKeys;
  }
}

export function sendgridKeyCache(): SendgridKeys {
  let parsed: { base64Spki: string; key: KeyObject } | undefined;
  return {
    publicKey(base64Spki) {
      if (parsed?.base64Spki !== base64Spki) {
        const der = Buffer.from(base64Spki, "base64");
        parsed = { base64Spki, key: createPublicKey({ key: der, format: "der", type: "spki" }) };
      }
      return parsed.key;
    },
  };
}

export function verifySendgridSignature(
  keys: SendgridKeys,
  base64Spki: string,
  headers: Headers,
  body: string,
  now: Date,
): SendgridVerification {
  const signature = headers.get(SENDGRID_SIGNATURE_HEADER);
  const timestamp = headers.get(SENDGRID_TIMESTAMP_HEADER);
  if (!signature || !timestamp) {
    return {
      ok: false,
      reason: "The X-Twilio-Email-Event-Webhook-Signature and -Timestamp headers are required.",
    };
  }
  const fresh = checkWebhookTimestamp(
    timestamp,
    now,
    "The X-Twilio-Email-Event-Webhook-Timestamp header",
  );
  if (!fresh.ok) return fresh;
  let valid = false;
  try {
    valid = verify(
      "sha256",
      Buffer.from(timestamp + body, "utf8"),
      keys.publicKey(base64Spki),
      Buffer.from(signature, "base64"),
    );
  } catch {
    valid = false;
  }
  return valid
    ? { ok: true }
    : { ok: false, reason: "The signature does not match the timestamp and body." };
}
