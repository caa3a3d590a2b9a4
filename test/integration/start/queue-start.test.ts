import { describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "@/db";
import { readConfig } from "@/lib/core/config";
import { JobQueue } from "@/lib/core/jobs/queue";
import { queueOptions } from "@/lib/start/runtime";
import { TEST_DRIVER } from "../../support/app";
import { createThrowawayDatabase } from "../../support/database";

/**
 * Several worker processes started at once on a fresh database (a deployment scaling out) all
 * come up: pg-boss's create_queue deadlocked when two processes created the same queues.
 */
describe(`queue start (${TEST_DRIVER})`, () => {
  it.skipIf(TEST_DRIVER !== "postgres")(
    "three queues started at the same moment on a fresh database all start",
    async () => {
      for (let round = 0; round < 3; round++) {
        const database = await createThrowawayDatabase();
        await migrateDatabase({ databaseUrl: database.url });
        const handles = await Promise.all(
          [0, 1, 2].map(() => openDatabase({ databaseUrl: database.url, poolSize: 2 })),
        );
        const queues = handles.map(
          (handle) =>
            new JobQueue(handle, {
              ...queueOptions(readConfig()),
              databaseUrl: database.url,
              supervise: false,
            }),
        );
        try {
          const started = await Promise.allSettled(queues.map((queue) => queue.start()));
          expect(started.filter((s) => s.status === "rejected")).toEqual([]);
        } finally {
          for (const queue of queues) await queue.stop(1000).catch(() => {});
          for (const handle of handles) await handle.close();
          await database.drop();
        }
      }
    },
    60_000,
  );
});
