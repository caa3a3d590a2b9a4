import { createHash } from "node:crypto";
import type { SmtpEndpoint } from "@/lib/core/smtp/client";

/** One way out for a project's mail, with its secret in the clear (kept in memory only). */
export type SmtpRelay = { kind: "smtp"; id: string; name: string } & SmtpEndpoint;
export type ResendRelay = {
  kind: "resend";
  id: string;
  name: string;
  apiKey: string;
  baseUrl?: string;
};
export type Relay = SmtpRelay | ResendRelay;

/**
 * SMTP_URL as a relay: `smtps://` is TLS from the start; `smtp://` upgrades with STARTTLS when
 * the server offers it (nodemailer's default, kept for the environment's relay), and
 * `?tls_verify=false` accepts a self-signed certificate.
 */
export function smtpRelayFromUrl(url: string, id = "env:smtp"): SmtpRelay {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  return {
    kind: "smtp",
    id,
    name: "SMTP_URL",
    host: parsed.hostname,
    port: Number(parsed.port || (secure ? 465 : 587)),
    tlsMode: secure ? "tls" : "opportunistic",
    verifyCertificate: parsed.searchParams.get("tls_verify") !== "false",
    username: parsed.username ? decodeURIComponent(parsed.username) : null,
    password: parsed.username ? decodeURIComponent(parsed.password) : null,
  };
}

/** Same relay, same pool: a changed host, port, login or secret gets a fresh one. */
export function relayFingerprint(relay: Relay): string {
  return createHash("sha256").update(JSON.stringify(relay)).digest("base64url");
}
