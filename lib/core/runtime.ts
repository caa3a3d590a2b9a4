import type { Database, DatabaseHandle } from "@/db";
import type { Email } from "@/db/schema";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { DnsResolver } from "./dns";
import type { TokenBucketLimiter } from "./http/rate-limit";
import type { InstanceSecrets } from "./instance-settings";
import type { DueWorkSignal } from "./jobs/due-work";
import type { JobQueue } from "./jobs/queue";
import type { Transports } from "./transports";
import type { WarnOnce } from "./warn-once";

/** What the sending domain tracks (DECISIONS §8: `open_tracking`, `click_tracking`). */
export type TrackingPolicy = { opens: boolean; clicks: boolean };

/** Extra steps applied to the stored HTML at delivery time (open/click tracking). */
export type HtmlInstrumenter = (
  html: string,
  email: Email,
  policy: TrackingPolicy,
) => Promise<string> | string;

/**
 * What the process remembers between requests (keys, parsed DKIM keys, compiled templates,
 * settings, replay tokens…), one entry per concern. lib/core's own are listed here; a domain
 * declares its entry beside the factory that builds it, by augmenting this interface
 * (`declare module "@/lib/core/runtime" { interface RuntimeCaches { … } }`), so that lib/core
 * names no domain type; lib/start/runtime.ts builds them all, and tsc fails if one is missing.
 * On the runtime rather than on module globals: Next.js bundles route handlers and server
 * actions as separate module instances, which all share the one runtime.
 */
export interface RuntimeCaches {
  /** Session, link-signing and sealing secrets, read once (lib/core/instance-settings.ts). */
  instanceSecrets: InstanceSecrets;
}

/**
 * The process's services, assembled once by lib/start/runtime.ts (web server, worker, CLI or a
 * test): the database, the clock, configuration, the queue, the transports and the caches that
 * live as long as the process. Code that needs one of them receives the runtime (or a
 * ServiceContext, which is a runtime with a project); nothing keeps them on module globals.
 */
export type Runtime = {
  handle: DatabaseHandle;
  db: Database;
  clock: Clock;
  config: Config;
  limiter: TokenBucketLimiter;
  /** Per client address: API requests without a valid key, invalid hosted-page tokens. */
  unauthenticatedLimiter: TokenBucketLimiter;
  jobs: JobQueue;
  /** Wakes this process's due-work poller after a commit that made work due. */
  dueWork: DueWorkSignal;
  /** Open pixel and signed click links, added at delivery so stored HTML stays clean. */
  instrumentHtml: HtmlInstrumenter;
  /** The SMTP pool or Resend client of this process, and the test-mode simulator. */
  transports: Transports;
  /** Domain verification's DNS lookups: the system resolver or DNS_SERVER; tests give a fake. */
  dns: DnsResolver;
  caches: RuntimeCaches;
  /** Start-up advice a request notices (no front door…), printed once per runtime. */
  warnOnce: WarnOnce;
};
