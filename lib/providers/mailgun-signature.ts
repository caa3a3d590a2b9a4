import { createHmac, timingSafeEqual } from "node:crypto";
import { LruCache } from "@/lib/core/lru-cache";
import { checkWebhookTimestamp, WEBHOOK_TOLERANCE_SECONDS } from "./timestamp-window";

/**
 * Mailgun webhook signatures as Mailgun documents them ("Securing Webhooks"): the body carries
 * `signature: {timestamp, token, signature}`, where signature is the hex HMAC-SHA256 of
 * timestamp and token concatenated, keyed with the domain's webhook signing key. Mailgun also
 * asks receivers to refuse stale timestamps and tokens already seen.
 */

export type MailgunSignature = { timestamp: string; token: string; signature: string };
export type MailgunVerification = { ok: true } | { ok: false; reason: string };

export function signMailgun(signingKey: string, timestamp: string, token: string): string {
  return createHmac("sha256", signingKey).update(`${timestamp}${token}`).digest("hex");
}

export function verifyMailgunSignature(
  signingKey: string,
  { timestamp, token, signature }: MailgunSignature,
  now: Date,
): MailgunVerification {
  const fresh = checkWebhookTimestamp(timestamp, now, "signature.timestamp");
  if (!fresh.ok) return fresh;
  const expected = Buffer.from(signMailgun(signingKey, timestamp, token));
  const given = Buffer.from(signature.trim().toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "signature.signature does not match the timestamp and token." };
  }
  return { ok: true };
}

// Tokens older than the tolerance are refused by their timestamp, so remembering each for twice
// that long is enough; the bound keeps a flood from growing memory (the oldest go first).
const MAX_TOKENS = 10_000;
const TOKEN_TTL_MS = 2 * WEBHOOK_TOLERANCE_SECONDS * 1000;

declare module "@/lib/core/runtime" {
  interface RuntimeCaches {
    /** Mailgun webhook tokens already seen, for replay refusal (lib/providers/mailgun-signature.ts). */
    mailgunTokens: LruCache<true>;
  }
}

export function mailgunTokenCache(): LruCache<true> {
  return new LruCache<true>(MAX_TOKENS, TOKEN_TTL_MS);
}

/**
 * Claims a token for one delivery: false when this process has already seen it. A delivery that
 * then fails releases it (`releaseMailgunToken`) so Mailgun's retry is not mistaken for a replay.
 */
export function claimMailgunToken(tokens: LruCache<true>, token: string, nowMs: number): boolean {
  if (tokens.get(token, nowMs)) return false;
  tokens.set(token, true, nowMs);
  return true;
}

export function releaseMailgunToken(tokens: LruCache<true>, token: string) {
  tokens.delete(token);
}
