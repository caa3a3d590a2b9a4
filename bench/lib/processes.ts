import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/** Child processes of the benchmarks: the app, workers, reference servers, the SMTP sink. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  stdout: "ignore" | "pipe" = "ignore",
): ChildProcess {
  return spawn(command, args, {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", stdout, "inherit"],
  });
}

/**
 * A TypeScript entry point as one process (node + tsx's loader, so signals reach it). With
 * BENCH_PROFILE_DIR set, each writes a V8 CPU profile there when it exits; BENCH_NODE_FLAGS adds
 * node/V8 flags (memory experiments).
 */
export function startScript(script: string, env: Record<string, string>): ChildProcess {
  return startProcess(process.execPath, [...nodeFlags(), "--import", "tsx", script], env);
}

function nodeFlags() {
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  return [...profile, ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [])];
}

/**
 * The app as `npm start` serves it: scripts/serve.ts (Next behind the front door), production;
 * profiled like startScript's processes with BENCH_PROFILE_DIR.
 */
export function startApp(port: number, env: Record<string, string>): ChildProcess {
  return startProcess(process.execPath, [...nodeFlags(), "--import", "tsx", "scripts/serve.ts"], {
    ...env,
    NODE_ENV: "production",
    PORT: String(port),
  });
}

export async function stopProcess(child: ChildProcess, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, timeoutMs))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** `next start` needs a build; benchmarks make one when there is none. */
export function ensureBuild() {
  if (fs.existsSync(`${process.env.NEXT_DIST_DIR ?? ".next"}/BUILD_ID`)) return;
  console.log("No build found: running next build first…");
  const build = spawnSync("node_modules/.bin/next", ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(1);
}
