/**
 * The ceiling for bench:automations: a worker process of the same pg-boss queue setup that
 * completes no-op jobs as fast as the queue hands them out (2 pollers, batches of 100).
 */
import { getRuntime } from "@/lib/start/runtime";

const NOOP_QUEUE = process.env.BENCH_NOOP_QUEUE ?? "bench-noop";

async function main() {
  process.env.WORKER = "external";
  const runtime = await getRuntime("worker");
  const boss = runtime.jobs.boss;
  await boss.createQueue(NOOP_QUEUE);
  for (let i = 0; i < 2; i++) {
    let id = "";
    id = await boss.work(
      NOOP_QUEUE,
      { batchSize: 100, pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        if (jobs.length >= 100) boss.notifyWorker(id);
      },
    );
  }
  process.on("SIGTERM", () => {
    void runtime.jobs.stop(5_000).then(() => process.exit(0));
  });
}

void main();
