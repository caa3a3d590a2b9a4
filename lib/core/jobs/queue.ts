import PgBoss from "pg-boss";
import type { DatabaseHandle, Executor } from "@/db";
import { DEFAULT_RETRY, type Job, type JobKind } from "./kind";
import { handleAdapter, transactionAdapter } from "./sql-adapter";

export type EnqueueOptions = { priority?: number; startAfter?: Date; singletonKey?: string };

export type QueueOptions = {
  databaseUrl?: string;
  /** Run pg-boss maintenance (expiring dead workers' jobs) in this process. */
  supervise: boolean;
  /** A job whose worker died is retried once this lease expires (JOB_LEASE_SECONDS). */
  leaseSeconds: number;
  /** How often expired leases are noticed and their jobs put back (QUEUE_MAINTENANCE_SECONDS). */
  maintenanceSeconds: number;
  /** The queues to create at start (every kind of lib/start/job-registry.ts). */
  queues: readonly string[];
};

/**
 * The Postgres-backed job queue (pg-boss). Jobs are enqueued inside the caller's transaction
 * (outbox): they exist exactly when the rows they act on do. On PostgreSQL pg-boss keeps its own
 * small pool; on PGlite it goes through the process's single PGlite instance.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private started = false;
  private readonly workerIds = new Map<string, string[]>();
  private readonly stopHooks: (() => Promise<void>)[] = [];
  private readonly queues: readonly string[];

  constructor(handle: DatabaseHandle, options: QueueOptions) {
    this.queues = options.queues;
    const common = {
      schema: "pgboss",
      supervise: options.supervise,
      schedule: false,
      migrate: true,
      expireInSeconds: options.leaseSeconds,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      retryLimit: DEFAULT_RETRY.limit,
      retryDelay: DEFAULT_RETRY.delaySeconds,
      retryBackoff: DEFAULT_RETRY.backoff,
    };
    this.boss = options.databaseUrl
      ? new PgBoss({
          ...common,
          connectionString: options.databaseUrl,
          max: 4,
          application_name: "mailwright-queue",
        })
      : new PgBoss({ ...common, db: handleAdapter(handle) } as PgBoss.ConstructorOptions);
    this.boss.on("error", (error: unknown) => console.error("[queue]", error));
  }

  async start() {
    if (this.started) return;
    await this.boss.start();
    for (const name of this.queues) await this.createQueue(name);
    this.started = true;
  }

  /**
   * Creates a queue unless it exists. Workers started together on a fresh database race here:
   * pg-boss's create_queue can deadlock between them, and PostgreSQL's answer to a deadlock
   * victim is to run its transaction again.
   */
  private async createQueue(name: string) {
    for (let attempt = 1; ; attempt++) {
      if (await this.boss.getQueue(name)) return;
      try {
        await this.boss.createQueue(name);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * attempt));
      }
    }
  }

  /** Enqueues a job of `kind` in `tx` (or autocommit when given the database). */
  async enqueue<P>(tx: Executor, kind: JobKind<P>, data: P, options: EnqueueOptions = {}) {
    // pg-boss rejects an explicit `undefined` priority: pass only the options given.
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    await this.boss.send(
      kind.name,
      data as object,
      {
        ...retryOptions(kind),
        ...given,
        db: transactionAdapter(tx),
      } as PgBoss.SendOptions,
    );
  }

  /** Enqueues several jobs of one kind in `tx` with a single statement. */
  async enqueueMany<P>(
    tx: Executor,
    kind: JobKind<P>,
    payloads: P[],
    options: { priority?: number } = {},
  ) {
    if (payloads.length === 0) return;
    const retry = retryOptions(kind);
    await this.boss.insert(
      payloads.map((data) => ({
        name: kind.name,
        data: data as object,
        priority: options.priority ?? 0,
        ...retry,
      })),
      { db: transactionAdapter(tx) } as PgBoss.InsertOptions,
    );
  }

  /** Registers `concurrency` pollers for a kind; each takes a batch and handles it. */
  async work<P>(
    kind: JobKind<P>,
    options: { concurrency: number; batchSize: number; pollingIntervalSeconds?: number },
    handler: (jobs: Job<P>[]) => Promise<void>,
  ) {
    const ids: string[] = [];
    for (let i = 0; i < options.concurrency; i++) {
      let workerId = "";
      const id = await this.boss.work<P>(
        kind.name,
        {
          batchSize: options.batchSize,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          includeMetadata: true,
        },
        async (jobs: Job<P>[]) => {
          await handler(jobs);
          // pg-boss sleeps a polling interval after every batch. Work that came in while this
          // one was handled (a campaign's fan-out adds jobs every few milliseconds, from another
          // process too) would wait out that sleep: a poller handed a partial batch topped out
          // at a batch per interval. So it looks again at once; only an empty fetch sleeps.
          if (jobs.length > 0) this.boss.notifyWorker(workerId);
        },
      );
      workerId = id;
      ids.push(id);
    }
    this.workerIds.set(kind.name, [...(this.workerIds.get(kind.name) ?? []), ...ids]);
  }

  /** Wakes this process's idle pollers of a kind (after a commit that added work). */
  notify(kind: JobKind<unknown>) {
    for (const id of this.workerIds.get(kind.name) ?? []) this.boss.notifyWorker(id);
  }

  /** Runs before the queue stops (pollers of this process that feed it stop first). */
  onStop(hook: () => Promise<void>) {
    this.stopHooks.push(hook);
  }

  /** Graceful: stop fetching, let running handlers finish (up to the timeout), then close. */
  async stop(timeoutMs = 30_000) {
    if (!this.started) return;
    this.started = false;
    for (const hook of this.stopHooks.splice(0)) await hook();
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
  }
}

function retryOptions(kind: JobKind<unknown>) {
  return {
    retryLimit: kind.retry.limit,
    retryDelay: kind.retry.delaySeconds,
    retryBackoff: kind.retry.backoff,
  };
}
