/**
 * npm run worker: a queue worker process for WORKER=external deployments (PostgreSQL only).
 * Run as many as you like; pg-boss hands each job to exactly one of them. SIGTERM/SIGINT stop
 * fetching, let running jobs finish (up to 30 s) and exit.
 */
import { startWorkers } from "@/lib/jobs/workers";
import { getRuntime } from "@/lib/runtime";
import { releaseQueuedEmails } from "@/lib/sending/sweep";

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error(
      "npm run worker needs PostgreSQL (DATABASE_URL). With the embedded PGlite database the " +
        "jobs run inside `npm start` (WORKER=embedded).",
    );
    process.exit(1);
  }
  process.env.WORKER = "external";
  const runtime = await getRuntime("worker");
  await startWorkers(runtime);
  const released = await releaseQueuedEmails(runtime);
  console.log(
    `Mailwright worker ${process.pid} running${released ? ` (released ${released} queued emails)` : ""}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`worker ${process.pid}: ${signal}, finishing running jobs…`);
    await runtime.jobs.stop(30_000);
    await runtime.handle.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(`worker failed to start: ${(error as Error).message}`);
  process.exit(1);
});
