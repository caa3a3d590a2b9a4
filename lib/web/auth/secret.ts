import { AUTH_SECRET_KEY } from "@/lib/core/instance-settings";
import type { Runtime } from "@/lib/core/runtime";

/**
 * The session-signing secret: AUTH_SECRET when the operator sets one, else the instance secret
 * generated on first boot and kept in the database (read once per runtime), so a bare
 * `npm start` works.
 */
export function authSecret(runtime: Pick<Runtime, "db" | "config" | "caches">): Promise<string> {
  if (runtime.config.authSecret) return Promise.resolve(runtime.config.authSecret);
  return runtime.caches.instanceSecrets.get(AUTH_SECRET_KEY, runtime.db);
}
