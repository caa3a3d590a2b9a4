import fs from "node:fs";
import path from "node:path";

/**
 * PGlite lives inside one process: a second process on the same data dir would silently lose
 * writes. The server holds a lock file naming its pid; while it lives, the admin CLI asks it to
 * run its commands (lib/cli/socket-client.ts) instead of opening the data dir.
 */
export function pgliteLockPath(dataDir: string) {
  return path.join(dataDir, "server.lock");
}

/** The live process holding the data dir (other than this one) and since when, or null. */
export function pgliteLockHolder(dataDir: string): { pid: number; since: Date } | null {
  try {
    const lockPath = pgliteLockPath(dataDir);
    const pid = Number(fs.readFileSync(lockPath, "utf8").trim());
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
    process.kill(pid, 0);
    return { pid, since: fs.statSync(lockPath).mtime };
  } catch {
    return null;
  }
}

export function claimPgliteDataDir(dataDir: string, role: "server" | "cli" | "worker") {
  const holder = pgliteLockHolder(dataDir);
  if (holder) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by a running Mailwright server (pid ${holder.pid}). ` +
        (role === "cli"
          ? "Run the command again: the CLI reaches a running server through it."
          : "Only one process can use an embedded (PGlite) data directory."),
    );
  }
  if (role === "cli") return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(pgliteLockPath(dataDir), String(process.pid));
  const release = () => {
    try {
      if (fs.readFileSync(pgliteLockPath(dataDir), "utf8").trim() === String(process.pid)) {
        fs.unlinkSync(pgliteLockPath(dataDir));
      }
    } catch {
      // already gone
    }
  };
  process.once("exit", release);
}
