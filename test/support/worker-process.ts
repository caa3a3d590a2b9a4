import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";

/**
 * `npm run worker` as one OS process: node with tsx's loader, not the tsx CLI, which runs the
 * script in a child process — killing that wrapper with SIGKILL would leave the worker running,
 * and a crash test would crash nothing. `onOutput` receives each line it logs to stdout.
 */
export function spawnWorker(
  env: NodeJS.ProcessEnv,
  options: { onOutput?: (line: string) => void } = {},
): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env,
    stdio: ["ignore", options.onOutput ? "pipe" : "ignore", "inherit"],
  });
  if (options.onOutput)
    readline.createInterface({ input: child.stdout! }).on("line", options.onOutput);
  return child;
}

/** How long a worker gets to stop on SIGTERM before the test kills it. */
const GRACEFUL_STOP_MS = 20_000;

export async function stopWorker(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  if (signal === "SIGKILL") return void (await exited);
  const stopped = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), GRACEFUL_STOP_MS).unref()),
  ]);
  if (stopped) return;
  // Known: after a database outage a worker can hang in its poller's stop (a query postgres.js
  // never completes). Said loudly, then killed, so the test's own assertions still decide.
  console.warn(`[worker] did not stop within ${GRACEFUL_STOP_MS / 1000} s of ${signal}; killed`);
  child.kill("SIGKILL");
  await exited;
}

/**
 * The environment of a worker process in a crash test: the test's database and SMTP server,
 * short job leases (a killed worker's jobs come back within seconds) and a quick poller.
 */
export function crashTestWorkerEnv(databaseUrl: string, smtpUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    JOB_LEASE_SECONDS: "2",
    QUEUE_MAINTENANCE_SECONDS: "1",
    AUTOMATION_POLL_MS: "200",
  };
}

export type LoggingWorker = { child: ChildProcess; lines: string[] };

/**
 * `count` worker processes on `env`, each keeping what it logs, once every one says it is
 * running (a first start migrates and creates the queues: up to 90 s on a busy machine).
 */
export async function spawnRunningWorkers(
  env: NodeJS.ProcessEnv,
  count: number,
): Promise<LoggingWorker[]> {
  const workers: LoggingWorker[] = [];
  for (let i = 0; i < count; i++) {
    const lines: string[] = [];
    workers.push({ child: spawnWorker(env, { onOutput: (line) => lines.push(line) }), lines });
  }
  const running = (w: LoggingWorker) =>
    w.lines.some((line) => /Mailwright worker \d+ running/.test(line));
  const deadline = Date.now() + 90_000;
  while (!workers.every(running)) {
    if (Date.now() > deadline) {
      for (const worker of workers) await stopWorker(worker.child, "SIGKILL");
      throw new Error("the workers did not start within 90 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return workers;
}
