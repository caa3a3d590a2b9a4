import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";
import { claimPgliteDataDir } from "@/db/pglite-lock";
import { systemClock, type Clock } from "@/lib/core/clock";
import type { Runtime } from "@/lib/core/runtime";
import { config, type Config } from "@/lib/core/config";
import { TokenBucketLimiter } from "@/lib/core/http/rate-limit";
import { DueWorkSignal } from "@/lib/core/jobs/due-work";
import { JobQueue, type QueueOptions } from "@/lib/core/jobs/queue";
import { projectRelaySource } from "@/lib/delivery/source";
import { QUEUE_NAMES } from "./job-registry";
import { followPublicUrl } from "@/lib/instance/public-url";
import { Transports } from "@/lib/core/transports";
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

export function makeRuntime(
  handle: DatabaseHandle,
  cfg: Config,
  clock: Clock = systemClock,
): Runtime {
  return {
    handle,
    db: handle.db,
    instrumentHtml: trackingInstrumenter({ db: handle.db, config: cfg }),
    transports: new Transports(cfg, projectRelaySource({ db: handle.db, config: cfg })),
    clock,
    config: cfg,
    limiter: new TokenBucketLimiter(cfg.rateLimitPerSecond, cfg.rateLimitBurst),
    unauthenticatedLimiter: new TokenBucketLimiter(
      cfg.unauthenticatedLimitPerMinute / 60,
      cfg.unauthenticatedLimitPerMinute,
    ),
    jobs: new JobQueue(handle, queueOptions(cfg)),
    dueWork: new DueWorkSignal(),
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
  const cfg = config();
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
