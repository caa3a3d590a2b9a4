/**
 * npm start: builds when no current build exists, then serves API + dashboard on PORT through
 * scripts/serve.ts (Next's handler behind a front door that knows the client's address).
 * Migrations, first-boot setup and the embedded worker run inside the server process
 * (instrumentation.ts), because an embedded PGlite database belongs to exactly one process.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readConfig } from "@/lib/core/config";
import { serverEnvironment } from "@/lib/start/environment";

const root = process.cwd();
const nextBin = path.join(root, "node_modules", ".bin", "next");
const SOURCE_DIRS = ["app", "components", "lib", "db", "public"];
const SOURCE_FILES = ["package.json", "next.config.ts", "instrumentation.ts", "postcss.config.mjs"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIsCurrent(): boolean {
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return false;
  const builtAt = fs.statSync(buildId).mtimeMs;
  const sources = [...SOURCE_DIRS, ...SOURCE_FILES].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...sources) <= builtAt;
}

function main() {
  let cfg;
  try {
    cfg = readConfig();
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
  const env = serverEnvironment(process.env);
  if (!buildIsCurrent() || process.env.FORCE_BUILD === "1") {
    console.log("Building Mailwright (first start or sources changed)…");
    const build = spawnSync(nextBin, ["build"], { stdio: "inherit", env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // The front door (scripts/serve.ts) around Next's handler, in one Node process.
  const server = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts", "serve.ts")],
    {
      stdio: "inherit",
      env: { ...env, NODE_ENV: "production", PORT: String(cfg.port) },
    },
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => server.kill(signal));
  }
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

main();
