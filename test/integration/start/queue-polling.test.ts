import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";
import { readConfig } from "@/lib/core/config";
import { defineJob, type Job } from "@/lib/core/jobs/kind";
import { JobQueue } from "@/lib/core/jobs/queue";
import { queueOptions } from "@/lib/start/runtime";
import { TEST_DRIVER } from "../../support/app";
import { createThrowawayDatabase } from "../../support/database";

const probeJob = defineJob({ name: "queue-polling-probe", payload: z.object({ n: z.number() }) });
/** Long enough that a poller sleeping it out is told apart from one that looks again at once. */
const POLLING_INTERVAL_SECONDS = 5;

/**
 * Jobs enqueued while a poller handles a partial batch (a campaign's fan-out adding delivery jobs
 * from another process) are fetched as soon as that batch is done, not after a polling interval:
 * a poller used to sleep after every batch smaller than its batchSize.
 */
describe(`job queue polling (${TEST_DRIVER})`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  async function startQueue(): Promise<{ handle: DatabaseHandle; queue: JobQueue }> {
    const database = TEST_DRIVER === "postgres" ? await createThrowawayDatabase() : undefined;
    const options = database ? { databaseUrl: database.url } : { memory: true };
    const handle = await openDatabase(options);
    await migrateDatabase({ ...options, handle });
    const queue = new JobQueue(handle, {
      ...queueOptions(readConfig()),
      databaseUrl: database?.url,
      supervise: false,
      queues: [probeJob.name],
    });
    await queue.start();
    cleanup = async () => {
      await queue.stop(1000).catch(() => {});
      await handle.close();
      await database?.drop();
    };
    return { handle, queue };
  }

  it("a partial batch is followed at once by the jobs that arrived meanwhile", async () => {
    const { handle, queue } = await startQueue();
    await queue.enqueueMany(handle.db, probeJob, [{ n: 1 }, { n: 2 }]);
    const batches: { at: number; ns: number[] }[] = [];
    await queue.work(
      probeJob,
      { concurrency: 1, batchSize: 10, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
      async (jobs: Job<{ n: number }>[]) => {
        batches.push({ at: performance.now(), ns: jobs.map((j) => j.data.n).sort() });
        // Enqueued by "another process": no notify reaches this poller.
        if (batches.length === 1) await queue.enqueueMany(handle.db, probeJob, [{ n: 3 }]);
      },
    );
    const deadline = performance.now() + 2 * POLLING_INTERVAL_SECONDS * 1000;
    while (batches.length < 2 && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(batches.map((b) => b.ns)).toEqual([[1, 2], [3]]);
    expect(batches[1]!.at - batches[0]!.at).toBeLessThan(1000);
  }, 30_000);
});
