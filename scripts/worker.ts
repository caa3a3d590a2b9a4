/**
 * npm run worker: a queue worker process for WORKER=external deployments (PostgreSQL only).
 * Run as many as you like; pg-boss hands each job to exactly one of them. SIGTERM/SIGINT stop
 * fetching, let running jobs finish (up to 30 s) and exit.
 */
import v8 from "node:v8";
import { startWorkers } from "@/lib/start/workers";
import { getRuntime } from "@/lib/start/runtime";
import { releaseQueuedEmails } from "@/lib/sending/sweep";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { renderBlocksDocument } from "@/lib/templates/render";

/**
 * A worker allocates fast (rendering, MIME, DKIM) and keeps little: V8's default lets the heap
 * grow up to 4× the live data between full collections, nearly doubling the worker's resident
 * memory during a large campaign. Growing by at most 1.5× keeps the peak near the idle size for
 * about 10 % of throughput; it is a growth policy, not a cap, so a large job never runs out of
 * memory because of it (HEAP_GROWING_PERCENT=0 restores V8's default).
 */
const heapGrowingPercent = Number(process.env.HEAP_GROWING_PERCENT ?? 50);
if (heapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);

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
  await warmUp();
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

/**
 * Loads and exercises what the first jobs would otherwise load lazily (React Email's renderer,
 * the template gallery), so the first campaign or automation email is not slow and the idle
 * worker already holds its working set.
 */
async function warmUp() {
  for (const template of SYSTEM_TEMPLATES) {
    await renderBlocksDocument({ blocks: template.blocks, theme: template.theme }, {});
  }
}

main().catch((error: unknown) => {
  console.error(`worker failed to start: ${(error as Error).message}`);
  process.exit(1);
});
