/**
 * Real Auth.js sessions in integration tests. Instead of mocking `auth()` (dashboard-session.ts),
 * tests mock only `next/headers` with `browserHeadersMock`: Auth.js and the dashboard then read
 * and write the cookies of `currentBrowser`, a cookie jar standing in for one browser, so a test
 * can sign in through the real server action, copy the cookies and replay them later.
 * (next-auth is inlined by vitest.config.ts so that its own `next/headers` import is mocked too.)
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(readonly userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36") {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** What an attacker who copied the cookies holds: a second browser with the same jar. */
  copy(): Browser {
    const copy = new Browser(this.userAgent);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  hasSessionCookie(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith("authjs.session-token"));
  }
}

let current = new Browser();

/** Makes `browser` the one the next dashboard call comes from. */
export function switchToBrowser(browser: Browser): Browser {
  current = browser;
  return browser;
}

export const browserHeadersMock = () => ({
  headers: async () =>
    new Headers({
      host: "localhost:3000",
      "x-forwarded-proto": "http",
      "user-agent": current.userAgent,
      "x-mailwright-client-address": "192.0.2.10",
      cookie: current.cookieHeader(),
    }),
  cookies: async () => ({
    get: (name: string) => {
      const value = current.cookies.get(name);
      return value === undefined ? undefined : { name, value };
    },
    set: (name: string, value: string, options?: { maxAge?: number; expires?: Date }) => {
      const expired = options?.maxAge === 0 || (options?.expires && options.expires <= new Date());
      if (value === "" || expired) current.cookies.delete(name);
      else current.cookies.set(name, value);
    },
  }),
});
