import { serveAdminSocket } from "@/lib/cli/socket-server";
import { firstBoot } from "./bootstrap";
import { startupFacts, startupLines } from "./summary";
import { startSubmissionRelay, startWorkers } from "./workers";
import type { Runtime } from "@/lib/core/runtime";
import { getRuntime } from "./runtime";
import { releaseQueuedEmails } from "../sending/sweep";

/**
 * Server process start-up, called from instrumentation.ts before the first request: database,
 * migrations, first boot, and with WORKER=embedded the queue workers in this process. On an
 * embedded (PGlite) database, which this process then holds alone, it also serves the admin CLI
 * (lib/cli/socket.ts), once first boot has run.
 */
export async function startServer() {
  try {
    const runtime = await getRuntime("server");
    await firstBoot(runtime);
    if (runtime.config.worker === "embedded") {
      await startWorkers(runtime);
      await releaseQueuedEmails(runtime);
    } else {
      await startSubmissionRelay(runtime);
    }
    const closeAdminSocket = runtime.config.databaseUrl
      ? undefined
      : await openAdminSocket(runtime);
    const shutdown = async () => {
      await closeAdminSocket?.().catch(() => {});
      // Let running jobs finish; anything not finished is retried after its lease expires.
      await runtime.jobs.stop(15_000).catch(() => {});
      await runtime.handle.close().catch(() => {});
      process.exit(0);
    };
    process.once("SIGTERM", () => void shutdown());
    process.once("SIGINT", () => void shutdown());
    console.log(startupLines(await startupFacts(runtime)).join("\n"));
  } catch (error) {
    console.error(`Mailwright could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** Without the socket the server still serves; only the CLI has to wait until it stops. */
async function openAdminSocket(runtime: Runtime) {
  try {
    return await serveAdminSocket(runtime, runtime.config.dataDir);
  } catch (error) {
    console.error(
      `The admin CLI cannot reach this server (${(error as Error).message}); ` +
        "stop the server to use it.",
    );
    return undefined;
  }
}
