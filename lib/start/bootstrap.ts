import { count } from "drizzle-orm";
import { projects } from "@/db/schema";
import {
  AUTH_SECRET_KEY,
  ensureInstanceSecret,
  SECRETS_KEY,
  SIGNING_KEY,
} from "@/lib/core/instance-settings";
import { randomBase62 } from "@/lib/core/ids";
import { refreshPublicUrl } from "@/lib/instance/public-url";
import { createProject, FIRST_PROJECT_NAME } from "../projects/create";
import type { Runtime } from "@/lib/core/runtime";
import { syncSystemTemplates } from "../templates/system";
import { createUser } from "../users/users";

/** Runs on every start after migrations: instance secrets, the template gallery, the public URL. */
export async function prepareInstance(runtime: Runtime) {
  await ensureInstanceSecret(runtime.db, AUTH_SECRET_KEY);
  await ensureInstanceSecret(runtime.db, SIGNING_KEY);
  // Made here, outside any transaction, so a relay read inside one never creates (and could
  // roll back) the key that seals its secrets.
  await ensureInstanceSecret(runtime.db, SECRETS_KEY);
  await syncSystemTemplates(runtime.db, runtime.clock.now());
  await refreshPublicUrl(runtime);
}

/**
 * First boot (empty database): a default project, an admin user, a live and a test key, printed
 * once. Later boots print nothing. The admin email and password can be preset with
 * ADMIN_EMAIL / ADMIN_PASSWORD (runtime.config); otherwise the password is random, and printed
 * in a log, so the first sign-in replaces it (and names the project) before anything else.
 */
export async function firstBoot(runtime: Runtime): Promise<boolean> {
  const [existing] = await runtime.db.select({ n: count() }).from(projects);
  if (existing && existing.n > 0) return false;
  const email = runtime.config.adminEmail;
  const generated = runtime.config.adminPassword === undefined;
  const password = runtime.config.adminPassword ?? randomBase62(16);
  const now = runtime.clock.now();
  const { project, keys } = await createProject(runtime.db, { name: FIRST_PROJECT_NAME }, now);
  await createUser(
    runtime.db,
    { email, password, role: "admin", projectId: project.id },
    { mustChangePassword: generated },
  );
  const line = "─".repeat(64);
  console.log(
    [
      "",
      line,
      "  Mailwright is set up. These credentials are shown once: save them now.",
      line,
      `  Dashboard     ${runtime.config.appUrl}/login${runtime.config.appUrlFromEnv ? "" : " (or this machine's address)"}`,
      `  Email         ${email}`,
      `  Password      ${password}`,
      ...(generated ? ["                (temporary: you must change it at first sign-in)"] : []),
      `  Live API key  ${keys.live}`,
      `  Test API key  ${keys.test}`,
      line,
      "",
    ].join("\n"),
  );
  return true;
}
