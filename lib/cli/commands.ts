import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import { createApiKey } from "@/lib/api-keys/create";
import { KEY_PERMISSIONS } from "@/lib/api-keys/keys";
import { serviceContext } from "@/lib/core/context";
import { createDomain } from "@/lib/domains/create";
import { NotFoundError } from "@/lib/core/errors";
import { randomBase62 } from "@/lib/core/ids";
import { createProject } from "@/lib/projects/create";
import type { Runtime } from "@/lib/core/runtime";
import { createUser, setUserPassword } from "@/lib/users/users";
import { checkAdminFlags, usageError, type AdminFlags } from "./args";

type Output = { json: unknown; text: string };

function required(flags: AdminFlags, name: string): string {
  const value = flags[name];
  if (typeof value !== "string" || value === "") throw usageError(`--${name} is required.`);
  return value;
}

function optional(flags: AdminFlags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === "string" ? value : undefined;
}

/** An optional flag that must be one of `allowed` when given (a bare `--flag` is not). */
function optionalChoice<T extends string>(
  flags: AdminFlags,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (typeof value === "string" && (allowed as readonly string[]).includes(value))
    return value as T;
  throw usageError(`--${name} must be ${allowed.join(" or ")}.`);
}

async function assertProject(runtime: Runtime, projectId: string) {
  const [row] = await runtime.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId)));
  if (!row) throw new NotFoundError(`Project ${projectId}`);
}

const domainJson = (d: { id: string; name: string; status: string }) => ({
  id: d.id,
  name: d.name,
  status: d.status,
});

/**
 * The operator commands, run by the CLI script itself or, while a server holds an embedded
 * database, by that server for it (lib/cli/socket.ts).
 */
export async function runAdminCommand(
  runtime: Runtime,
  command: string,
  flags: AdminFlags,
): Promise<Output> {
  checkAdminFlags(command, flags);
  const now = runtime.clock.now();
  switch (command) {
    case "create-project": {
      const result = await createProject(
        runtime.db,
        {
          name: required(flags, "name"),
          domain: optional(flags, "domain"),
          verified: flags.verified === true,
        },
        now,
      );
      const json = {
        project: { id: result.project.id, name: result.project.name },
        keys: result.keys,
        domains: result.domains.map(domainJson),
      };
      const text = [
        `Project ${json.project.name} (${json.project.id})`,
        `  live key: ${json.keys.live}`,
        `  test key: ${json.keys.test}`,
        ...json.domains.map((d) => `  domain:   ${d.name} (${d.status})`),
      ].join("\n");
      return { json, text };
    }
    case "create-key": {
      const projectId = required(flags, "project");
      const mode = required(flags, "mode");
      const permission = optionalChoice(flags, "permission", KEY_PERMISSIONS);
      await assertProject(runtime, projectId);
      // The operator acts as an admin of every project.
      const { key, secret } = await createApiKey(serviceContext(runtime, projectId), {
        mode,
        permission,
        name: optional(flags, "name") ?? `${mode} key`,
      });
      return {
        json: {
          id: key.id,
          key: secret,
          mode: key.mode,
          permission: key.permission,
          project_id: key.projectId,
        },
        text: `${key.mode} key ${key.id} (${key.permission} access): ${secret}`,
      };
    }
    case "add-domain": {
      const projectId = required(flags, "project");
      await assertProject(runtime, projectId);
      const domain = await createDomain(
        runtime.db,
        projectId,
        { name: required(flags, "domain"), verified: flags.verified === true },
        now,
      );
      return {
        json: domainJson(domain),
        text: `Domain ${domain.name} (${domain.id}): ${domain.status}`,
      };
    }
    case "create-user": {
      // Without --project, a single-project instance puts the user in that project.
      let projectId = optional(flags, "project");
      if (!projectId) {
        const all = await runtime.db.select({ id: projects.id }).from(projects).limit(2);
        if (all.length === 1) projectId = all[0]!.id;
      }
      // Without --password one is generated (as first boot does) and printed once.
      const given = optional(flags, "password");
      const password = given ?? randomBase62(16);
      const { user, role } = await createUser(runtime.db, {
        email: required(flags, "email"),
        password,
        role: optional(flags, "role") ?? "admin",
        projectId,
      });
      const generated = given === undefined ? { password } : {};
      return {
        json: { id: user.id, email: user.email, role, ...generated },
        text: [
          `User ${user.email} (${user.id}), ${role}`,
          ...(given === undefined ? [`  password: ${password}   (shown once)`] : []),
        ].join("\n"),
      };
    }
    case "reset-password": {
      const { user, endedSessions } = await setUserPassword(runtime, {
        email: required(flags, "email"),
        password: required(flags, "password"),
      });
      return {
        json: { id: user.id, email: user.email, ended_sessions: endedSessions },
        text: `Password of ${user.email} (${user.id}) set; ${endedSessions} session(s) ended.`,
      };
    }
    default:
      throw usageError(`Unknown command "${command}".`);
  }
}
