import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Click links carry `s`, a truncated HMAC over the email's token and the exact target URL, so a
 * link cannot be pointed elsewhere (no open redirect) or moved to another email. 22 base64url
 * characters keep 132 bits.
 */
export const SIGNATURE_LENGTH = 22;

export function signLink(signingKey: string, token: string, url: string): string {
  return createHmac("sha256", signingKey)
    .update(`${token}\n${url}`)
    .digest("base64url")
    .slice(0, SIGNATURE_LENGTH);
}

export function verifyLinkSignature(
  signingKey: string,
  token: string,
  url: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signLink(signingKey, token, url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Only absolute http(s) URLs are tracked and redirected to. */
export function isTrackableUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}
