import type { Executor } from "@/db";
import type { Config } from "@/lib/core/config";
import { failoverTransport } from "./failover";
import { relayFingerprint, smtpRelayFromUrl, type Relay } from "./relays";
import { createResendTransport } from "./resend";
import { simulatorTransport } from "./simulator";
import { createSmtpTransport } from "./smtp";
import type { Transport } from "./types";

type TransportConfig = Pick<Config, "smtpUrl" | "smtpPoolSize" | "resendApiKey" | "resendBaseUrl">;

/**
 * A project's own relays (Settings → Delivery), secrets opened; [] when it has none. `executor`:
 * read inside the caller's transaction (PGlite has one connection: a second would wait for ever).
 */
export type ProjectRelaySource = (projectId: string, executor?: Executor) => Promise<Relay[]>;

/** Where a project's mail leaves: its own relays, the environment's default, or nowhere yet. */
export type DeliveryRoute = { source: "project" | "environment" | "none"; relays: Relay[] };

/** How long a process trusts what it read of a project's relays (DECISIONS §12: within 10 s). */
export const RELAY_REFRESH_MS = 5_000;

/**
 * The process's transports, on the runtime. Live mail of a project goes through that project's
 * relays (read at most RELAY_REFRESH_MS ago, so a change saved in any process is used by every
 * process within seconds, no restart) with failover, or through the environment's SMTP_URL /
 * RESEND_API_KEY (SMTP wins when both are set), or nowhere — "delivery not configured", so live
 * sends stay `queued`. Test-mode email always goes to the simulator. Each relay's pool is shared
 * by every delivery of the process and closed once no project routes through it.
 */
export class Transports {
  private readonly routes = new Map<string, { route: DeliveryRoute; readAt: number }>();
  private readonly pools = new Map<string, Transport>();

  constructor(
    private readonly config: TransportConfig,
    private readonly projectRelays: ProjectRelaySource = async () => [],
    private readonly now: () => number = Date.now,
  ) {}

  /** The transport for an email, or null while its project has no way out. */
  async forEmail(email: { projectId: string; mode: "live" | "test" }): Promise<Transport | null> {
    if (email.mode === "test") return simulatorTransport;
    const { relays } = await this.route(email.projectId);
    if (relays.length === 0) return null;
    return failoverTransport(relays.map((relay) => this.pool(relay)));
  }

  /** Whether live mail of the project can leave now (else it waits as `queued`). */
  async canDeliver(projectId: string, executor?: Executor): Promise<boolean> {
    return (await this.route(projectId, { executor })).relays.length > 0;
  }

  /**
   * The project's route: its relays as read within RELAY_REFRESH_MS (`fresh`: read now), else
   * the environment's. The environment is read on every call (tests change it in place).
   */
  async route(
    projectId: string,
    options: { fresh?: boolean; executor?: Executor } = {},
  ): Promise<DeliveryRoute> {
    const cached = this.routes.get(projectId);
    let own: DeliveryRoute;
    if (!options.fresh && cached && this.now() - cached.readAt < RELAY_REFRESH_MS) {
      own = cached.route;
    } else {
      const relays = await this.projectRelays(projectId, options.executor);
      own = { source: relays.length > 0 ? "project" : "none", relays };
      this.routes.set(projectId, { route: own, readAt: this.now() });
      this.closeUnusedPools();
    }
    if (own.relays.length > 0) return own;
    const fallback = environmentRelays(this.config);
    return fallback.length > 0 ? { source: "environment", relays: fallback } : own;
  }

  /** Forgets what this process read of a project's relays (it saved a change itself). */
  forget(projectId: string) {
    this.routes.delete(projectId);
  }

  /** Closes the pooled connections (shutdown, tests). */
  async close() {
    const pools = [...this.pools.values()];
    this.pools.clear();
    this.routes.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  private pool(relay: Relay): Transport {
    const key = `${relayFingerprint(relay)}:${this.config.smtpPoolSize}`;
    let pool = this.pools.get(key);
    if (!pool) {
      pool =
        relay.kind === "smtp"
          ? createSmtpTransport(relay, { maxConnections: this.config.smtpPoolSize })
          : createResendTransport(relay.apiKey, relay.baseUrl);
      this.pools.set(key, pool);
    }
    return pool;
  }

  /** Pools of relays no project routes through any more (changed or removed) are closed. */
  private closeUnusedPools() {
    const inUse = new Set<string>();
    const environment = environmentRelays(this.config);
    for (const relay of [
      ...environment,
      ...[...this.routes.values()].flatMap((r) => r.route.relays),
    ])
      inUse.add(`${relayFingerprint(relay)}:${this.config.smtpPoolSize}`);
    for (const [key, pool] of this.pools) {
      if (inUse.has(key)) continue;
      this.pools.delete(key);
      void pool.close();
    }
  }
}

/** The instance default: SMTP_URL, else RESEND_API_KEY, else nothing. */
export function environmentRelays(config: TransportConfig): Relay[] {
  if (config.smtpUrl) return [smtpRelayFromUrl(config.smtpUrl)];
  if (config.resendApiKey)
    return [
      {
        kind: "resend",
        id: "env:resend",
        name: "RESEND_API_KEY",
        apiKey: config.resendApiKey,
        baseUrl: config.resendBaseUrl,
      },
    ];
  return [];
}

export type { Relay, SmtpRelay, ResendRelay } from "./relays";
export type { Transport, OutgoingMessage, DeliveryOutcome } from "./types";
