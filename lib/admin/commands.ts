import { and, eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import { createApiKey } from "../api-keys/create";
import { KEY_PERMISSIONS } from "../api-keys/keys";
import { serviceContext } from "../context";
import { createDomain } from "../domains/create";
import { AppError, NotFoundError } from "../errors";
import { createProject } from "../projects/create";
import type { Runtime } from "../runtime";
import { createUser, setUserPassword } from "../users/users";

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options] [--json]

Commands:
  create-project --name N [--domain D [--verified]]
  create-key     --project ID --mode live|test [--name N] [--permission full|sending]
                 (sending: may only send email and events and read emails)
  add-domain     --project ID --domain D [--verified]
  create-user    --email E --password P [--role admin|member] [--project ID]
  reset-password --email E --password P   (signs the user out everywhere)`;

type Flags = Record<string, string | boolean>;
type Output = { json: unknown; text: string };

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== "string" || value === "") {
    throw new AppError(2, "usage", `--${name} is required.\n${ADMIN_USAGE}`);
  }
  return value;
}

function optional(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === "string" ? value : undefined;
}

/** An optional flag that must be one of `allowed` when given (a bare `--flag` is not). */
function optionalChoice<T extends string>(
  flags: Flags,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (typeof value === "string" && (allowed as readonly string[]).includes(value))
    return value as T;
  throw new AppError(2, "usage", `--${name} must be ${allowed.join(" or ")}.\n${ADMIN_USAGE}`);
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

/** The operator commands, shared by the CLI script and its tests. */
export async function runAdminCommand(
  runtime: Runtime,
  command: string,
  flags: Flags,
): Promise<Output> {
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
      const { user, role } = await createUser(runtime.db, {
        email: required(flags, "email"),
        password: required(flags, "password"),
        role: optional(flags, "role") ?? "admin",
        projectId,
      });
      return {
        json: { id: user.id, email: user.email, role },
        text: `User ${user.email} (${user.id}), ${role}`,
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
      throw new AppError(2, "usage", `Unknown command "${command}".\n${ADMIN_USAGE}`);
  }
}
