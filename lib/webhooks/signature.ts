import { createHmac } from "node:crypto";
import { randomBase62 } from "@/lib/core/ids";

/** `whsec_` + 32 random base62 characters (≈190 bits), shown to the owner so receivers can verify. */
export function newWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

/**
 * `X-Service-Signature`: lowercase hex HMAC-SHA256 of the raw body, keyed with the whole secret
 * string (prefix included) as UTF-8 (DECISIONS §6). Receivers must hash the bytes they received,
 * not a re-serialisation.
 */
export function signWebhookPayload(secret: string, rawBody: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(rawBody, "utf8").digest("hex");
}
