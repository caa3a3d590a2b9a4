import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeys, sessions } from "@/db/schema";
import { runAdminCommand } from "@/lib/cli/commands";
import { authSecret } from "@/lib/web/auth/secret";
import { createApiKeyAction } from "@/lib/web/dashboard/actions/api-keys";
import {
  signInAction,
  signOutAction,
  signOutEverywhereAction,
} from "@/lib/web/dashboard/actions/auth";
import { removeMemberAction } from "@/lib/web/dashboard/actions/members";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { listSessionsOfUser, SESSION_MAX_AGE_SECONDS } from "@/lib/users/sessions";
import { addMembership, createUser } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";
import { Browser, switchToBrowser } from "../../support/auth-browser";
import { expectRedirect, formData, redirectTarget } from "../../support/dashboard-session";

vi.mock("next/headers", async () =>
  (await import("../../support/auth-browser")).browserHeadersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * Server-side sessions with the real Auth.js: sign in through the dashboard's action, copy the
 * cookies, end the session on the server in each way there is, and replay the copy against what
 * every page and server action calls first (requireDashboard), a server action, and Auth.js's
 * own session endpoint over HTTP. Before sessions had rows, every replay was let in.
 */
let app: TestApp;
let projectId: string;
const PASSWORD = "correct horse battery";
let counter = 0;

beforeAll(async () => {
  app = await startTestApp({ clock: "fake" });
  projectId = (await app.createProject({ name: "Acme" })).id;
});
afterAll(() => app?.close());

async function newAdmin() {
  const email = `admin${++counter}@acme.test`;
  const { user } = await createUser(app.runtime.db, {
    email,
    password: PASSWORD,
    role: "admin",
    projectId,
  });
  return { id: user.id, email };
}

/** Signs in through the login form's action in a fresh browser, which keeps the cookie. */
async function signIn(email: string, password = PASSWORD): Promise<Browser> {
  const browser = switchToBrowser(new Browser());
  const target = await expectRedirect(() => signInAction(IDLE, formData({ email, password })));
  expect(target).toMatch(/\/overview$/);
  expect(browser.hasSessionCookie()).toBe(true);
  return browser;
}

/** Whether `browser`'s cookies still open the dashboard (pages and actions call this first). */
async function opensDashboard(browser: Browser): Promise<boolean> {
  switchToBrowser(browser);
  try {
    await requireDashboard();
    return true;
  } catch (error) {
    const target = redirectTarget(error);
    if (!target) throw error;
    expect(target).toMatch(/^\/login/);
    return false;
  }
}

/** Auth.js's own endpoint, over HTTP with the cookie header: the user's email or null. */
async function sessionEndpoint(browser: Browser): Promise<string | null> {
  const response = await fetch(`${app.baseUrl}/api/auth/session`, {
    headers: { cookie: browser.cookieHeader() },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}

const sessionRows = (userId: string) =>
  app.runtime.db.select().from(sessions).where(eq(sessions.userId, userId));

describe(`server-side sessions (${TEST_DRIVER})`, () => {
  it("sign-in creates a session row that the cookie names; the dashboard opens", async () => {
    const admin = await newAdmin();
    const browser = await signIn(admin.email);
    const rows = await sessionRows(admin.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^ses_/);
    expect(rows[0]).toMatchObject({ ipAddress: "192.0.2.10", userAgent: browser.userAgent });
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(
      SESSION_MAX_AGE_SECONDS * 1000,
    );
    switchToBrowser(browser);
    const dashboard = await requireDashboard();
    expect(dashboard.user.id).toBe(admin.id);
    expect(dashboard.sessionId).toBe(rows[0]!.id);
    expect(await sessionEndpoint(browser)).toBe(admin.email);
  });

  it("signing out ends the session: a copied cookie is refused afterwards", async () => {
    const admin = await newAdmin();
    const browser = await signIn(admin.email);
    const stolen = browser.copy();
    expect(await opensDashboard(stolen)).toBe(true);

    switchToBrowser(browser);
    expect(await expectRedirect(() => signOutAction())).toMatch(/\/login$/);
    expect(browser.hasSessionCookie()).toBe(false);
    expect(await sessionRows(admin.id)).toHaveLength(0);

    expect(await opensDashboard(stolen)).toBe(false);
    expect(await sessionEndpoint(stolen)).toBeNull();
    // A server action with the copy: sent to the sign-in page, and nothing is created.
    switchToBrowser(stolen);
    const target = await expectRedirect(() =>
      createApiKeyAction(IDLE, formData({ name: "backdoor", mode: "live" })),
    );
    expect(target).toMatch(/^\/login/);
    const keys = await app.runtime.db.select().from(apiKeys).where(eq(apiKeys.name, "backdoor"));
    expect(keys).toHaveLength(0);
  });

  it("signing out over Auth.js's endpoint ends the session too", async () => {
    const admin = await newAdmin();
    const browser = await signIn(admin.email);
    const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`, {
      headers: { cookie: browser.cookieHeader() },
    });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
    const response = await fetch(`${app.baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: [browser.cookieHeader(), ...csrfCookie].join("; "),
      },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).not.toContain("error");
    expect(await opensDashboard(browser)).toBe(false);
  });

  it("sign out everywhere ends every session of the user, this one included, and no one else's", async () => {
    const admin = await newAdmin();
    const other = await newAdmin();
    const laptop = await signIn(admin.email);
    const phone = await signIn(admin.email);
    const stolen = laptop.copy();
    const colleague = await signIn(other.email);
    expect(await listSessionsOfUser(app.runtime, admin.id)).toHaveLength(2);

    switchToBrowser(laptop);
    expect(await expectRedirect(() => signOutEverywhereAction())).toMatch(/\/login$/);
    expect(laptop.hasSessionCookie()).toBe(false);
    for (const browser of [phone, stolen]) expect(await opensDashboard(browser)).toBe(false);
    expect(await sessionEndpoint(phone)).toBeNull();
    expect(await sessionRows(admin.id)).toHaveLength(0);
    expect(await opensDashboard(colleague)).toBe(true);
    // Signing in again works as before.
    expect(await opensDashboard(await signIn(admin.email))).toBe(true);
  });

  it("removing a member ends their sessions", async () => {
    const admin = await newAdmin();
    const leaver = await newAdmin();
    const second = await app.createProject({ name: "Elsewhere" });
    await addMembership(app.runtime.db, { userId: leaver.id, projectId: second.id, role: "admin" });
    const theirs = await signIn(leaver.email);
    const mine = await signIn(admin.email);
    expect(await opensDashboard(theirs)).toBe(true);

    switchToBrowser(mine);
    expect(await removeMemberAction(leaver.id)).toMatchObject({ status: "success" });
    // Refused everywhere, though still a member of another project: they sign in again.
    expect(await opensDashboard(theirs)).toBe(false);
    expect(await sessionEndpoint(theirs)).toBeNull();
    expect(await opensDashboard(mine)).toBe(true);
    const again = await signIn(leaver.email);
    switchToBrowser(again);
    expect((await requireDashboard()).project.id).toBe(second.id);
  });

  it("a password set by the operator (reset-password) ends every session of that user", async () => {
    const admin = await newAdmin();
    const browser = await signIn(admin.email);
    const stolen = browser.copy();
    const { json } = await runAdminCommand(app.runtime, "reset-password", {
      email: admin.email.toUpperCase(),
      password: "a brand new password",
    });
    expect(json).toEqual({ id: admin.id, email: admin.email, ended_sessions: 1 });
    for (const copy of [browser, stolen]) expect(await opensDashboard(copy)).toBe(false);
    // The old password no longer signs in; the new one does.
    switchToBrowser(new Browser());
    expect(
      await signInAction(IDLE, formData({ email: admin.email, password: PASSWORD })),
    ).toMatchObject({ status: "error", message: "Incorrect email or password." });
    expect(await opensDashboard(await signIn(admin.email, "a brand new password"))).toBe(true);

    await expect(
      runAdminCommand(app.runtime, "reset-password", {
        email: "nobody@acme.test",
        password: "a brand new password",
      }),
    ).rejects.toThrow(/not found/);
    await expect(
      runAdminCommand(app.runtime, "reset-password", { email: admin.email, password: "short" }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("a session past its expiry is refused; one in use moves its expiry forward", async () => {
    const admin = await newAdmin();
    const idle = await signIn(admin.email);
    const busy = await signIn(admin.email);
    const dayMs = 24 * 60 * 60 * 1000;
    for (let day = 0; day < 29; day++) {
      app.clock.advance!(dayMs);
      expect(await opensDashboard(busy)).toBe(true);
    }
    app.clock.advance!(dayMs);
    expect(await opensDashboard(idle)).toBe(false);
    expect(await opensDashboard(busy)).toBe(true);
    // The expired row is cleared when the user next signs in.
    await signIn(admin.email);
    expect(await sessionRows(admin.id)).toHaveLength(2);
  });

  it("a token from before sessions had rows (no session id) is refused", async () => {
    const admin = await newAdmin();
    const name = "authjs.session-token";
    const token = await encode({
      token: { sub: admin.id, email: admin.email },
      secret: await authSecret(app.runtime),
      salt: name,
    });
    const legacy = new Browser();
    legacy.cookies.set(name, token);
    expect(await opensDashboard(legacy)).toBe(false);
    expect(await sessionEndpoint(legacy)).toBeNull();
  });
});
