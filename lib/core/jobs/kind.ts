import type PgBoss from "pg-boss";
import type { z } from "zod";

/** How pg-boss retries a failed job of a kind: `limit` times, `delaySeconds` apart, doubling. */
export type RetryPolicy = { limit: number; delaySeconds: number; backoff: boolean };

/** What every kind does unless it says otherwise: ~10 tries over about an hour and a half. */
export const DEFAULT_RETRY: RetryPolicy = { limit: 10, delaySeconds: 5, backoff: true };

/**
 * A kind of job: its queue name, the payload it carries and how it is retried. Declared once, in
 * the domain that enqueues it (`lib/<domain>/jobs.ts`); code that enqueues passes the kind, so a
 * reader follows it to the declaration and from there to its handler (`handleJobs`).
 */
export type JobKind<P> = {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  readonly retry: RetryPolicy;
};

export type Job<P> = PgBoss.JobWithMetadata<P>;

/**
 * How a worker process takes a kind's jobs, and what it does with a batch of them. `handle`
 * takes the jobs as the queue hands them over and checks their payloads itself (`handleJobs`).
 */
export type JobHandler<Runtime> = {
  readonly kind: JobKind<unknown>;
  /** Pollers per process, and jobs each takes at once. */
  readonly concurrency: number;
  readonly batchSize: number;
  readonly handle: (runtime: Runtime, jobs: Job<unknown>[]) => Promise<void>;
};

export function defineJob<P>(kind: {
  name: string;
  payload: z.ZodType<P>;
  retry?: RetryPolicy;
}): JobKind<P> {
  return { ...kind, retry: kind.retry ?? DEFAULT_RETRY };
}

/**
 * The handler of a kind, listed in lib/start/job-registry.ts so every worker process works it.
 * Payloads are checked against the kind's schema; one that does not match (written by hand, or
 * by a version with another shape) can never succeed, so it is dropped with a log line instead
 * of being retried.
 */
export function handleJobs<Runtime, P>(
  kind: JobKind<P>,
  options: { concurrency: number; batchSize: number },
  handle: (runtime: Runtime, jobs: Job<P>[]) => Promise<void>,
): JobHandler<Runtime> {
  return {
    kind,
    ...options,
    handle: async (runtime, jobs) => {
      const readable: Job<P>[] = [];
      for (const job of jobs) {
        const parsed = kind.payload.safeParse(job.data);
        if (parsed.success) readable.push({ ...job, data: parsed.data });
        else
          console.error(`[queue] dropping a ${kind.name} job with an unreadable payload`, job.data);
      }
      if (readable.length > 0) await handle(runtime, readable);
    },
  };
}

/** The payload type of a kind: `PayloadOf<typeof deliverEmailJob>`. */
export type PayloadOf<K> = K extends JobKind<infer P> ? P : never;
