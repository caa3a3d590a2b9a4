/**
 * Operator CLI (DECISIONS §1, §12): npm run admin -- <command> [--json]
 * Works before the server starts and while it runs. On PostgreSQL it opens the database itself;
 * on PGlite, while a server holds the data dir, the server runs the command for it
 * (lib/cli/protocol.ts) and this prints the same output either way.
 */
import { pgliteLockHolder } from "@/db/pglite-lock";
import { ADMIN_USAGE, parseAdminArgs, type AdminFlags } from "@/lib/cli/args";
import { adminErrorBody, type AdminReply } from "@/lib/cli/protocol";
import { askRunningServer } from "@/lib/cli/socket-client";
import { readConfig } from "@/lib/core/config";

async function run(command: string, flags: AdminFlags): Promise<AdminReply> {
  const { databaseUrl, dataDir } = readConfig();
  const holder = databaseUrl ? null : pgliteLockHolder(dataDir);
  if (holder) {
    const isRunning = () => pgliteLockHolder(dataDir)?.pid === holder.pid;
    const reply = await askRunningServer(dataDir, { command, flags }, { ...holder, isRunning });
    if (reply) return reply;
  }
  // Loaded only here: the database and the services take seconds to load, the socket does not.
  const { getRuntime } = await import("@/lib/start/runtime");
  const { runAdminCommand } = await import("@/lib/cli/commands");
  const runtime = await getRuntime("cli");
  try {
    return await runAdminCommand(runtime, command, flags);
  } finally {
    await runtime.handle.close();
  }
}

function print(reply: AdminReply, asJson: boolean) {
  if (!("error" in reply)) {
    process.stdout.write(asJson ? `${JSON.stringify(reply.json)}\n` : `${reply.text}\n`);
    return;
  }
  if (asJson) process.stdout.write(`${JSON.stringify(reply)}\n`);
  process.stderr.write(`error: ${reply.error.message}\n`);
  for (const d of reply.error.details ?? []) process.stderr.write(`  ${d.path}: ${d.message}\n`);
}

async function main() {
  const asJson = process.argv.includes("--json");
  // Keep stdout for the one JSON object: anything a library logs goes to stderr.
  console.log = (...args: unknown[]) => console.error(...args);
  let reply: AdminReply;
  try {
    const { command, flags } = parseAdminArgs(process.argv.slice(2));
    if (!command || command === "help" || flags.help) {
      process.stderr.write(`${ADMIN_USAGE}\n`);
      process.exit(command ? 0 : 2);
    }
    reply = await run(command, flags);
  } catch (error) {
    reply = { error: adminErrorBody(error) };
  }
  print(reply, asJson);
  process.exit("error" in reply ? 1 : 0);
}

void main();
