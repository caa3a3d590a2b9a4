import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";

/** A server process on a PGlite data dir (test/support/pglite-server.ts), and what it logged. */
export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  log: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * Starts `npm start`'s server start-up on `dataDir` as its own OS process (node with tsx's
 * loader, so a signal reaches the server itself) and waits until it answers HTTP.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/pglite-server.ts"], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, WORKER: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on("line", (line) => {
        log.push(line);
        const match = /^listening (\d+)$/.exec(line);
        if (match) resolve(Number(match[1]));
      });
    }
    void exited.then(() => reject(new Error(`the server exited:\n${log.join("\n")}`)));
  });
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    log,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Runs a command and collects its output, without blocking this process's event loop. */
export function runProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}
