import type { Config } from "../../config";
import { createResendTransport } from "./resend";
import { simulatorTransport } from "./simulator";
import { createSmtpTransport } from "./smtp";
import type { Transport } from "./types";

type TransportConfig = Pick<Config, "smtpUrl" | "smtpPoolSize" | "resendApiKey" | "resendBaseUrl">;

/**
 * The live transport configured for this process (SMTP wins over Resend when both are set), or
 * null: "delivery not configured", so live sends stay `queued`. Test-key sends always use the
 * simulator. Kept per process: the SMTP pool is shared by every delivery job.
 */
let cached: { key: string; transport: Transport | null } | undefined;

export function liveTransport(config: TransportConfig): Transport | null {
  const { smtpUrl, smtpPoolSize, resendApiKey, resendBaseUrl } = config;
  const key = [smtpUrl, smtpPoolSize, resendApiKey, resendBaseUrl].join("|");
  if (cached?.key === key) return cached.transport;
  void cached?.transport?.close();
  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, { maxConnections: config.smtpPoolSize })
    : config.resendApiKey
      ? createResendTransport(config.resendApiKey, config.resendBaseUrl)
      : null;
  cached = { key, transport };
  return transport;
}

/** Closes the pooled connections (shutdown, tests). */
export async function closeTransports() {
  const transport = cached?.transport;
  cached = undefined;
  await transport?.close();
}

export function transportFor(mode: "live" | "test", config: TransportConfig) {
  return mode === "test" ? simulatorTransport : liveTransport(config);
}

export function isDeliveryConfigured(config: Pick<Config, "smtpUrl" | "resendApiKey">): boolean {
  return Boolean(config.smtpUrl || config.resendApiKey);
}

export type { Transport, OutgoingMessage, DeliveryOutcome } from "./types";
