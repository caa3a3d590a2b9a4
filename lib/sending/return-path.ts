import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "@/lib/core/config";
import { returnPathDomain } from "../domains/return-path";

/**
 * VERP return paths (DECISIONS §9): every message's envelope sender is
 * `bounces+<token>@<return-path domain>`, so a bounce or complaint that comes back to it names
 * the email without reading its content. The token is the email id and a MAC over it with the
 * instance key: opaque to receivers, unforgeable, and checked before a receiver accepts a report.
 */
const LOCAL_PREFIX = "bounces+";
// 20 hex characters: 80 bits. The local part stays within RFC 5321's 64 octets (8 + 29 + 1 + 20).
const MAC_LENGTH = 20;
const EMAIL_ID = /^em_[0-9a-z]{26}$/;

function mac(signingKey: string, emailId: string): string {
  return createHmac("sha256", signingKey)
    .update(`verp\n${emailId}`)
    .digest("hex")
    .slice(0, MAC_LENGTH);
}

export function returnPathToken(signingKey: string, emailId: string): string {
  return `${emailId}-${mac(signingKey, emailId)}`;
}

/** The email a token names, or null when it is malformed or its MAC does not match. */
export function emailIdFromToken(signingKey: string, token: string): string | null {
  // Local parts may come back lower-cased; ids and MACs are lower-case already.
  const lower = token.toLowerCase();
  const dash = lower.lastIndexOf("-");
  if (dash === -1) return null;
  const emailId = lower.slice(0, dash);
  const given = Buffer.from(lower.slice(dash + 1));
  if (!EMAIL_ID.test(emailId) || given.length !== MAC_LENGTH) return null;
  const expected = Buffer.from(mac(signingKey, emailId));
  return timingSafeEqual(given, expected) ? emailId : null;
}

export function returnPathAddress(
  config: Pick<Config, "bounceDomain">,
  signingKey: string,
  emailId: string,
  sendingDomain: string,
): string {
  return `${LOCAL_PREFIX}${returnPathToken(signingKey, emailId)}@${returnPathDomain(config, sendingDomain)}`;
}

/**
 * The email a return-path address names (`bounces+<token>@…`, any domain: the receiver checks
 * the token, not where the report was addressed), or null.
 */
export function emailIdFromReturnPath(signingKey: string, address: string): string | null {
  const at = address.lastIndexOf("@");
  const local = (at === -1 ? address : address.slice(0, at)).trim().replace(/^<|>$/g, "");
  if (!local.toLowerCase().startsWith(LOCAL_PREFIX)) return null;
  return emailIdFromToken(signingKey, local.slice(LOCAL_PREFIX.length));
}
