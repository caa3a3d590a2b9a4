/**
 * The Debian packages the suite drives as real checkers: chromium (Playwright e2e), spamassassin
 * (deliverability scores) and dovecot-imapd (the bounce mailbox test, a real IMAP server).
 * `npm test` installs the missing ones when it can (root, or passwordless sudo), as `.ci/run`
 * does; otherwise it stops at once and names the one command to run.
 */
import { spawnSync } from "node:child_process";

export type SystemPackage = { command: string; debianPackage: string; neededBy: string[] };

export const SYSTEM_PACKAGES: SystemPackage[] = [
  { command: "chromium", debianPackage: "chromium", neededBy: ["e2e"] },
  {
    command: "spamassassin",
    debianPackage: "spamassassin",
    neededBy: ["integration-pglite", "integration-postgres"],
  },
  {
    command: "dovecot",
    debianPackage: "dovecot-imapd",
    neededBy: ["integration-pglite", "integration-postgres"],
  },
];

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** The packages the given steps need that this machine lacks. */
export function missingPackages(steps: string[], has = onPath): SystemPackage[] {
  return SYSTEM_PACKAGES.filter(
    (pkg) => pkg.neededBy.some((step) => steps.includes(step)) && !has(pkg.command),
  );
}

export function installCommand(packages: SystemPackage[]): string {
  return `sudo apt-get install -y ${packages.map((p) => p.debianPackage).join(" ")}`;
}

function run(command: string[]): boolean {
  const result = spawnSync(command[0]!, command.slice(1), {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

/**
 * Installs what the steps need, or returns the message to stop with. Root runs apt-get itself;
 * anyone else only when `sudo -n` works (never a password prompt: CI has no stdin).
 */
export function ensureSystemPackages(steps: string[]): string | null {
  const missing = missingPackages(steps);
  if (missing.length === 0) return null;
  const names = missing.map((p) => p.debianPackage);
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ["sudo", "-n"];
  const canInstall = isRoot || run(["sudo", "-n", "true"]);
  if (canInstall && onPath("apt-get")) {
    console.log(`Installing Debian packages the suite needs: ${names.join(", ")}…`);
    run([...sudo, "apt-get", "update", "-qq"]);
    if (run([...sudo, "apt-get", "install", "-y", "-qq", ...names])) {
      const still = missingPackages(steps);
      if (still.length === 0) return null;
      return `Installed, but still not on PATH: ${still.map((p) => p.command).join(", ")}.`;
    }
  }
  return (
    `The test suite needs Debian packages this machine lacks: ${names.join(", ")}.\n` +
    `Run this once, then npm test again:\n\n  ${installCommand(missing)}\n`
  );
}
