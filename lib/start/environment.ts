/**
 * The environment `npm start` gives the server process. Auth.js builds its URLs from AUTH_URL
 * when set, else from the request (trustHost): pinning AUTH_URL to a default of
 * http://localhost:PORT sent a browser that came in at 127.0.0.1 or a LAN address back to
 * localhost without its cookie, to an empty login form. So it is pinned only when the operator
 * chose an address (AUTH_URL, or APP_URL).
 */
type Env = Record<string, string | undefined>;

export function serverEnvironment<E extends Env>(env: E): E & Env {
  const pinned = env.AUTH_URL || env.APP_URL;
  return {
    ...env,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_TRUST_HOST: "true",
    ...(pinned ? { AUTH_URL: pinned } : {}),
  };
}
