import { firstBoot } from "./bootstrap";
import { startWorkers } from "./workers";
import { getRuntime } from "../runtime";
import { releaseQueuedEmails } from "../sending/sweep";

/**
 * Server process start-up, called from instrumentation.ts before the first request: database,
 * migrations, first boot, and with WORKER=embedded the queue workers in this process.
 */
export async function startServer() {
  try {
    const runtime = await getRuntime("server");
    await firstBoot(runtime);
    if (runtime.config.worker === "embedded") {
      await startWorkers(runtime);
      await releaseQueuedEmails(runtime);
    }
    const shutdown = async () => {
      // Let running jobs finish; anything not finished is retried after its lease expires.
      await runtime.jobs.stop(15_000).catch(() => {});
      await runtime.handle.close().catch(() => {});
      process.exit(0);
    };
    process.once("SIGTERM", () => void shutdown());
    process.once("SIGINT", () => void shutdown());
    console.log(
      `Mailwright ready on ${runtime.config.appUrl} (database: ${runtime.handle.driver}, worker: ${runtime.config.worker})`,
    );
  } catch (error) {
    console.error(`Mailwright could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}
