import { AUTH_SECRET_KEY, ensureInstanceSecret } from "../instance-settings";
import { getRuntime } from "../runtime";

let cached: Promise<string> | undefined;

/**
 * The session-signing secret: AUTH_SECRET when the operator sets one, else the instance secret
 * generated on first boot and kept in the database, so a bare `npm start` works.
 */
export function authSecret(): Promise<string> {
  const fromEnv = process.env.AUTH_SECRET;
  if (fromEnv) return Promise.resolve(fromEnv);
  cached ??= getRuntime()
    .then((runtime) => ensureInstanceSecret(runtime.db, AUTH_SECRET_KEY))
    .catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  return cached;
}
