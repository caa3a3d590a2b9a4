/**
 * Operator CLI (DECISIONS §1): npm run admin -- <command> [--json]
 * Works before the server starts; on PGlite it refuses while a server holds the data dir.
 */
import { getRuntime } from "@/lib/runtime";
import { AppError } from "@/lib/errors";
import { runAdminCommand, ADMIN_USAGE } from "@/lib/admin/commands";

function parseArgs(argv: string[]) {
  const [command, ...rest] = argv;
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--"))
      throw new AppError(2, "usage", `Unexpected argument "${arg}".\n${ADMIN_USAGE}`);
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
    const next = rest[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith("--")) {
      flags[name] = next;
      i++;
    } else flags[name] = true;
  }
  return { command, flags };
}

async function main() {
  const asJson = process.argv.includes("--json");
  // Keep stdout for the one JSON object: anything a library logs goes to stderr.
  console.log = (...args: unknown[]) => console.error(...args);
  try {
    const { command, flags } = parseArgs(process.argv.slice(2));
    if (!command || command === "help" || flags.help) {
      process.stderr.write(`${ADMIN_USAGE}\n`);
      process.exit(command ? 0 : 2);
    }
    const runtime = await getRuntime("cli");
    const { json, text } = await runAdminCommand(runtime, command, flags);
    process.stdout.write(asJson ? `${JSON.stringify(json)}\n` : `${text}\n`);
    await runtime.handle.close();
    process.exit(0);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof AppError ? error.code : "error";
    const details = error instanceof AppError ? error.details : undefined;
    if (asJson)
      process.stdout.write(
        `${JSON.stringify({ error: { code, message, ...(details && { details }) } })}\n`,
      );
    process.stderr.write(`error: ${message}\n`);
    for (const d of details ?? []) process.stderr.write(`  ${d.path}: ${d.message}\n`);
    process.exit(1);
  }
}

void main();
