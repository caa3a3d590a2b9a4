import { AUTH_SECRET_KEY, ensureInstanceSecret } from "@/lib/core/instance-settings";
import type { Runtime } from "@/lib/core/runtime";

let cached: Promise<string> | undefined;

/**
 * The session-signing secret: AUTH_SECRET when the operator sets one, else the instance secret
 * generated on first boot and kept in the database, so a bare `npm start` works.
 */
export function authSecret(runtime: Pick<Runtime, "db" | "config">): Promise<string> {
  if (runtime.config.authSecret) return Promise.resolve(runtime.config.authSecret);
  cached ??= ensureInstanceSecret(runtime.db, AUTH_SECRET_KEY).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
