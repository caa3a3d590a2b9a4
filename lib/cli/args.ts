import { AppError } from "@/lib/core/errors";

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options] [--json]

Commands:
  create-project --name N [--domain D [--verified]]
  create-key     --project ID --mode live|test [--name N] [--permission full|sending]
                 (sending: may only send email and events and read emails)
  add-domain     --project ID --domain D [--verified]
  create-user    --email E [--password P] [--role admin|member] [--project ID]
                 (without --password, one is generated and printed once)
  reset-password --email E --password P   (signs the user out everywhere)`;

export type AdminFlags = Record<string, string | boolean>;

/** "value" options take the next argument (`--name Acme` or `--name=Acme`); switches take none. */
type OptionKind = "value" | "switch";

/** Every command and the options it accepts: a typo is refused, never silently ignored. */
export const ADMIN_COMMANDS: Record<string, Record<string, OptionKind>> = {
  "create-project": { name: "value", domain: "value", verified: "switch" },
  "create-key": { project: "value", mode: "value", name: "value", permission: "value" },
  "add-domain": { project: "value", domain: "value", verified: "switch" },
  "create-user": { email: "value", password: "value", role: "value", project: "value" },
  "reset-password": { email: "value", password: "value" },
};

/** Accepted by every command: output format and help. */
const GLOBAL_SWITCHES = ["json", "help"];

export const usageError = (message: string) =>
  new AppError(2, "usage", `${message}\n${ADMIN_USAGE}`);

function kindOf(command: string | undefined, name: string): OptionKind | undefined {
  if (GLOBAL_SWITCHES.includes(name)) return "switch";
  return command ? ADMIN_COMMANDS[command]?.[name] : undefined;
}

/**
 * `create-key --project prj_1 --mode live --json` → `{ command, flags }`. Switches never take the
 * next argument, so `--verified --json` and `--verified extra` read as the user meant them.
 */
export function parseAdminArgs(argv: readonly string[]): { command?: string; flags: AdminFlags } {
  const [command, ...rest] = argv;
  const flags: AdminFlags = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--") || arg === "--") throw usageError(`Unexpected argument "${arg}".`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const kind = kindOf(command, name);
    if (kind === "switch") {
      if (inline !== undefined) throw usageError(`--${name} takes no value.`);
      flags[name] = true;
      continue;
    }
    const next = rest[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith("--")) {
      flags[name] = next;
      i++;
    } else flags[name] = true;
  }
  return { command, flags };
}

/**
 * The options given to a command are ones it knows, with a value where one is needed. Checked
 * where commands run (runAdminCommand), so a request through the server's admin socket is held
 * to the same rules as the command line.
 */
export function checkAdminFlags(command: string, flags: AdminFlags): void {
  const options = ADMIN_COMMANDS[command];
  if (!options) throw usageError(`Unknown command "${command}".`);
  for (const [name, value] of Object.entries(flags)) {
    const kind = kindOf(command, name);
    if (!kind) throw usageError(`${command} has no option --${name}.`);
    if (kind === "value" && typeof value !== "string") throw usageError(`--${name} needs a value.`);
    if (kind === "switch" && value !== true) throw usageError(`--${name} takes no value.`);
  }
}
