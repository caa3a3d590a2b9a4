import type { Config } from "@/lib/core/config";

/**
 * The SPF include of the relay this server sends through, so a domain's SPF advice names the
 * provider that really sends its mail (and never one that is not configured).
 */
export type SpfAdvice =
  | { include: string; source: "SPF_INCLUDE" | "smtp" | "resend"; relayHost: string | null }
  /** SMTP_URL names a relay whose include is not known: its provider documents it. */
  | { include: null; source: "unknown_relay"; relayHost: string }
  /** Neither SMTP_URL nor RESEND_API_KEY: nothing sends yet, so there is nothing to authorise. */
  | { include: null; source: "no_delivery"; relayHost: null };

/** Well-known SMTP relays (by host name suffix) and the include their providers document. */
const KNOWN_RELAYS: [hostSuffix: string, include: string][] = [
  ["smtp.sendgrid.net", "sendgrid.net"],
  ["mailgun.org", "mailgun.org"],
  ["smtp.postmarkapp.com", "spf.mtasv.net"],
  ["amazonaws.com", "amazonses.com"],
  ["smtp.resend.com", "amazonses.com"],
  ["smtp.gmail.com", "_spf.google.com"],
  ["smtp-relay.gmail.com", "_spf.google.com"],
  ["smtp.office365.com", "spf.protection.outlook.com"],
  ["mail.protection.outlook.com", "spf.protection.outlook.com"],
  ["smtp.sparkpostmail.com", "sparkpostmail.com"],
  ["in-v3.mailjet.com", "spf.mailjet.com"],
  ["smtp.mandrillapp.com", "spf.mandrillapp.com"],
];

// Resend sends through Amazon SES; its domain setup publishes `include:amazonses.com`.
const RESEND_INCLUDE = "amazonses.com";

function smtpHost(smtpUrl: string): string | null {
  try {
    return new URL(smtpUrl).hostname.toLowerCase().replace(/\.$/, "") || null;
  } catch {
    return null;
  }
}

/** The include for a relay host, when it is a provider we know. */
export function knownRelayInclude(host: string): string | null {
  const match = KNOWN_RELAYS.find(([suffix]) => host === suffix || host.endsWith(`.${suffix}`));
  return match ? match[1] : null;
}

/**
 * SPF_INCLUDE when the operator set it; else the include of the configured relay (SMTP_URL's
 * host when it is a known provider, Resend's); else no include (an unknown relay, or none).
 */
export function spfAdvice(
  config: Pick<Config, "spfInclude" | "smtpUrl" | "resendApiKey">,
): SpfAdvice {
  const relayHost = config.smtpUrl ? smtpHost(config.smtpUrl) : null;
  if (config.spfInclude) return { include: config.spfInclude, source: "SPF_INCLUDE", relayHost };
  if (config.smtpUrl) {
    const include = relayHost ? knownRelayInclude(relayHost) : null;
    if (include) return { include, source: "smtp", relayHost };
    return { include: null, source: "unknown_relay", relayHost: relayHost ?? "your SMTP relay" };
  }
  if (config.resendApiKey) return { include: RESEND_INCLUDE, source: "resend", relayHost: null };
  return { include: null, source: "no_delivery", relayHost: null };
}
