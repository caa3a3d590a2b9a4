import PgBoss from "pg-boss";
import type { DatabaseHandle, Executor } from "@/db";
import { JOBS, type JobName, type JobPayloads } from "./names";
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

  constructor(handle: DatabaseHandle, options: QueueOptions) {
    const common = {
      schema: "pgboss",
      supervise: options.supervise,
      schedule: false,
      migrate: true,
      expireInSeconds: options.leaseSeconds,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
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
    for (const name of Object.values(JOBS)) await this.createQueue(name);
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

  /** Enqueues in `tx` (or autocommit when given the database). */
  async enqueue<N extends JobName>(
    tx: Executor,
    name: N,
    data: JobPayloads[N],
    options: EnqueueOptions = {},
  ) {
    // pg-boss rejects an explicit `undefined` priority: pass only the options given.
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    await this.boss.send(name, data, {
      ...given,
      db: transactionAdapter(tx),
    } as PgBoss.SendOptions);
  }

  /** Enqueues several jobs of one queue in `tx` with a single statement. */
  async enqueueMany<N extends JobName>(
    tx: Executor,
    name: N,
    payloads: JobPayloads[N][],
    options: { priority?: number } = {},
  ) {
    if (payloads.length === 0) return;
    await this.boss.insert(
      payloads.map((data) => ({ name, data, priority: options.priority ?? 0 })),
      { db: transactionAdapter(tx) } as PgBoss.InsertOptions,
    );
  }

  /** Registers `concurrency` pollers for a queue; each takes a batch and handles it. */
  async work<N extends JobName>(
    name: N,
    options: { concurrency: number; batchSize: number; pollingIntervalSeconds?: number },
    handler: (jobs: PgBoss.JobWithMetadata<JobPayloads[N]>[]) => Promise<void>,
  ) {
    const ids: string[] = [];
    for (let i = 0; i < options.concurrency; i++) {
      let workerId = "";
      const id = await this.boss.work<JobPayloads[N]>(
        name,
        {
          batchSize: options.batchSize,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          includeMetadata: true,
        },
        async (jobs: PgBoss.JobWithMetadata<JobPayloads[N]>[]) => {
          await handler(jobs);
          // pg-boss sleeps a polling interval after every batch; a full batch means more work
          // is waiting, so skip the sleep (otherwise a poller tops out at batchSize/interval).
          if (jobs.length >= options.batchSize) this.boss.notifyWorker(workerId);
        },
      );
      workerId = id;
      ids.push(id);
    }
    this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), ...ids]);
  }

  /** Wakes this process's idle pollers of a queue (after a commit that added work). */
  notify(name: JobName) {
    for (const id of this.workerIds.get(name) ?? []) this.boss.notifyWorker(id);
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
