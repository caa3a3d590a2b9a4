import type { DeliveryOutcome } from "@/lib/core/transports";

/**
 * Mailbox providers that receive for many domains behind one set of MX hosts, and throttle a
 * sender across all of them: gmail.com and googlemail.com are one receiver to pace, as are
 * outlook.com, hotmail.com and live.com. Other domains are their own receiver (a company's
 * Google Workspace domain is paced by itself: its MX is Google's, but DNS is not asked on the
 * hot path; docs/decisions/0056).
 */
const PROVIDER_DOMAINS: Record<string, string[]> = {
  google: ["gmail.com", "googlemail.com"],
  microsoft: [
    "outlook.com",
    "hotmail.com",
    "hotmail.co.uk",
    "hotmail.fr",
    "live.com",
    "msn.com",
    "outlook.fr",
    "live.co.uk",
  ],
  yahoo: [
    "yahoo.com",
    "yahoo.co.uk",
    "yahoo.fr",
    "ymail.com",
    "rocketmail.com",
    "aol.com",
    "aim.com",
  ],
  apple: ["icloud.com", "me.com", "mac.com"],
  gmx: ["gmx.com", "gmx.de", "gmx.net", "web.de", "mail.com"],
  proton: ["proton.me", "protonmail.com", "pm.me"],
};

const RECEIVER_OF_DOMAIN: ReadonlyMap<string, string> = new Map(
  Object.entries(PROVIDER_DOMAINS).flatMap(([provider, names]) =>
    names.map((name) => [name, provider] as const),
  ),
);

/** The receiver a recipient's mail is paced under: its provider, or its domain. */
export function receiverOf(address: string): string {
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  return RECEIVER_OF_DOMAIN.get(domain) ?? domain;
}

/** Who asked us to slow down: the receiving server, or the relay / provider we send through. */
export type ThrottleScope = "receiver" | "provider";

/**
 * Whether a temporary failure means "too fast" rather than "broken": SMTP 421 (service not
 * available, what Gmail and Yahoo answer to a sender going too fast), any 4.7.x (policy:
 * rate limits, reputation), SES's `454 Throttling`, and Resend's HTTP 429. SES and Resend speak
 * for the relay (every receiver behind it waits), as does an SMTP refusal before any recipient
 * (greeting, MAIL FROM); one at RCPT or DATA speaks for the receiver. A relay that is down (no
 * code) is not throttling: that is retried as before.
 */
export function throttleScopeOf(outcome: DeliveryOutcome, transport: string): ThrottleScope | null {
  if (outcome.kind !== "deferred" || outcome.code === undefined) return null;
  const { code, response } = outcome;
  if (transport === "resend") return code === 429 ? "provider" : null;
  if (code === 454 && /throttl|rate/i.test(response)) return "provider";
  if (code !== 421 && !/\b4\.7\.\d{1,3}\b/.test(response)) return null;
  // Before any recipient was named, the "too fast" is the relay's, about all our mail.
  return outcome.fromRelay ? "provider" : "receiver";
}
