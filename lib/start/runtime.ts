import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";
import { claimPgliteDataDir } from "@/db/pglite-lock";
import { apiKeyCache } from "@/lib/api-keys/authenticate";
import { systemClock, type Clock } from "@/lib/core/clock";
import type { Runtime, RuntimeCaches } from "@/lib/core/runtime";
import { readConfig, type Config } from "@/lib/core/config";
import { systemDnsResolver } from "@/lib/core/dns";
import { TokenBucketLimiter } from "@/lib/core/http/rate-limit";
import { instanceSecrets } from "@/lib/core/instance-settings";
import { DueWorkSignal } from "@/lib/core/jobs/due-work";
import { JobQueue, type QueueOptions } from "@/lib/core/jobs/queue";
import { projectRelaySource } from "@/lib/delivery/source";
import { QUEUE_NAMES } from "./job-registry";
import { followPublicUrl } from "@/lib/instance/public-url";
import { Transports } from "@/lib/core/transports";
import { warnOnce } from "@/lib/core/warn-once";
import { groupSlot } from "@/lib/core/group-commit";
import { projectSettingsCache } from "@/lib/projects/settings";
import { mailgunTokenCache } from "@/lib/providers/mailgun-signature";
import { sendgridKeyCache } from "@/lib/providers/sendgrid-signature";
import { snsClient } from "@/lib/providers/sns-fetch";
import {
  compiledTemplateCache,
  signingDomainCache,
  submittedMessageCache,
  deliveryPacer,
  outcomeWriterSlot,
} from "@/lib/sending/caches";
import { trackingInstrumenter } from "@/lib/tracking/email-instrumenter";

export type RuntimeRole = "server" | "cli" | "worker";

/**
 * The process-wide runtime, kept on globalThis so every module instance (route handlers, server
 * components, instrumentation) shares it. Tests install their own with `installRuntime`.
 */
type RuntimeGlobal = { __mailwrightRuntime?: Promise<Runtime> };
const store = globalThis as unknown as RuntimeGlobal;

export function getRuntime(role: RuntimeRole = "server"): Promise<Runtime> {
  store.__mailwrightRuntime ??= startRuntime(role).catch((error: unknown) => {
    store.__mailwrightRuntime = undefined;
    throw error;
  });
  return store.__mailwrightRuntime;
}

export function installRuntime(runtime: Runtime) {
  store.__mailwrightRuntime = Promise.resolve(runtime);
}

/**
 * The runtime of a process (or of a test, or a benchmark): every service and cache it keeps.
 * `services` replaces one built from the configuration (a test's fake DNS zone).
 */
export function makeRuntime(
  handle: DatabaseHandle,
  cfg: Config,
  clock: Clock = systemClock,
  services: Partial<Pick<Runtime, "dns">> = {},
): Runtime {
  const caches = runtimeCaches();
  return {
    handle,
    db: handle.db,
    instrumentHtml: trackingInstrumenter({ db: handle.db, config: cfg, caches }),
    transports: new Transports(cfg, projectRelaySource({ db: handle.db, config: cfg, caches })),
    clock,
    config: cfg,
    limiter: new TokenBucketLimiter(cfg.rateLimitPerSecond, cfg.rateLimitBurst),
    unauthenticatedLimiter: new TokenBucketLimiter(
      cfg.unauthenticatedLimitPerMinute / 60,
      cfg.unauthenticatedLimitPerMinute,
    ),
    jobs: new JobQueue(handle, queueOptions(cfg)),
    dueWork: new DueWorkSignal(),
    dns: services.dns ?? systemDnsResolver(cfg.dnsServer),
    caches,
    warnOnce: warnOnce(),
  };
}

/** Empty, one of each: what lib/core/runtime.ts's RuntimeCaches and the domains declare. */
function runtimeCaches(): RuntimeCaches {
  return {
    instanceSecrets: instanceSecrets(),
    apiKeys: apiKeyCache(),
    signingDomains: signingDomainCache(),
    compiledTemplates: compiledTemplateCache(),
    submittedMessages: submittedMessageCache(),
    deliveryPacer: deliveryPacer(),
    outcomeWriter: outcomeWriterSlot(),
    sendGroup: groupSlot(),
    eventGroup: groupSlot(),
    contactGroup: groupSlot(),
    projectSettings: projectSettingsCache(),
    sns: snsClient(),
    mailgunTokens: mailgunTokenCache(),
    sendgridKeys: sendgridKeyCache(),
  };
}

/** The queue as configured: maintenance (expiring dead workers' jobs) runs wherever jobs are worked. */
export function queueOptions(cfg: Config): QueueOptions {
  return {
    databaseUrl: cfg.databaseUrl,
    supervise: cfg.worker !== "off",
    leaseSeconds: cfg.jobLeaseSeconds,
    maintenanceSeconds: cfg.queueMaintenanceSeconds,
    queues: QUEUE_NAMES,
  };
}

async function startRuntime(role: RuntimeRole): Promise<Runtime> {
  const cfg = readConfig();
  if (!cfg.databaseUrl) claimPgliteDataDir(cfg.dataDir, role);
  const handle = await openDatabase({
    databaseUrl: cfg.databaseUrl,
    dataDir: cfg.dataDir,
    poolSize: cfg.databasePoolSize,
  });
  await migrateDatabase({ databaseUrl: cfg.databaseUrl, handle });
  const runtime = makeRuntime(handle, cfg);
  const { prepareInstance } = await import("./bootstrap");
  await prepareInstance(runtime);
  if (role !== "cli") {
    await runtime.jobs.start();
    followPublicUrl(runtime);
  }
  return runtime;
}
