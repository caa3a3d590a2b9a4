import type { Config } from "../../config";
import { createResendTransport } from "./resend";
import { simulatorTransport } from "./simulator";
import { createSmtpTransport } from "./smtp";
import type { Transport } from "./types";

type TransportConfig = Pick<Config, "smtpUrl" | "smtpPoolSize" | "resendApiKey" | "resendBaseUrl">;

/**
 * The process's transports, built by the start-up with the runtime (lib/runtime.ts) and reached
 * through it: the live one configured (SMTP wins over Resend when both are set), or null —
 * "delivery not configured", so live sends stay `queued`; test-mode email always goes to the
 * simulator. The SMTP pool is shared by every delivery of the process; a changed configuration
 * (tests change it in place) gets a fresh transport.
 */
export class Transports {
  private cached: { key: string; transport: Transport | null } | undefined;

  constructor(private readonly config: TransportConfig) {}

  for(mode: "live" | "test"): Transport | null {
    return mode === "test" ? simulatorTransport : this.live();
  }

  live(): Transport | null {
    const { smtpUrl, smtpPoolSize, resendApiKey, resendBaseUrl } = this.config;
    const key = [smtpUrl, smtpPoolSize, resendApiKey, resendBaseUrl].join("|");
    if (this.cached?.key === key) return this.cached.transport;
    void this.cached?.transport?.close();
    const transport = smtpUrl
      ? createSmtpTransport(smtpUrl, { maxConnections: smtpPoolSize })
      : resendApiKey
        ? createResendTransport(resendApiKey, resendBaseUrl)
        : null;
    this.cached = { key, transport };
    return transport;
  }

  /** Closes the pooled connections (shutdown, tests). */
  async close() {
    const transport = this.cached?.transport;
    this.cached = undefined;
    await transport?.close();
  }
}

export function isDeliveryConfigured(config: Pick<Config, "smtpUrl" | "resendApiKey">): boolean {
  return Boolean(config.smtpUrl || config.resendApiKey);
}

export type { Transport, OutgoingMessage, DeliveryOutcome } from "./types";
