import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emails, passwordResets, projects, users } from "@/db/schema";
import { ACCOUNT_FREE_FAILURES } from "@/lib/web/auth/sign-in-throttle";
import {
  changePasswordAction,
  completeFirstSignInAction,
} from "@/lib/web/dashboard/actions/account";
import {
  requestPasswordResetAction,
  resetPasswordAction,
} from "@/lib/web/dashboard/actions/account";
import { createApiKeyAction } from "@/lib/web/dashboard/actions/api-keys";
import { signInAction } from "@/lib/web/dashboard/actions/auth";
import { inviteMemberAction } from "@/lib/web/dashboard/actions/members";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { IDLE } from "@/lib/web/dashboard/form-state";
import { TokenBucketLimiter } from "@/lib/core/http/rate-limit";
import { createProject, FIRST_PROJECT_NAME } from "@/lib/projects/create";
import { deliverEmails } from "@/lib/sending/deliver";
import {
  lookupPasswordReset,
  passwordResetByEmailAvailable,
  requestPasswordReset,
  RESET_TTL_MS,
} from "@/lib/users/password-reset";
import { createUser, verifyCredentials } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";
import { Browser, switchToBrowser } from "../../support/auth-browser";
import { expectRedirect, formData, redirectTarget } from "../../support/dashboard-session";
import { startSmtpServer } from "../../support/smtp-server";

vi.mock("next/headers", async () =>
  (await import("../../support/auth-browser")).browserHeadersMock(),
);
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/**
 * Accounts (DECISIONS §12): changing a password, "Forgot password" by email (delivered to a real
 * SMTP server), invitations by email, and the first sign-in with a generated password. Real
 * Auth.js sessions (auth-browser.ts), so "other sessions end, this one stays" is observed on
 * the cookies a browser holds.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** A project that can deliver: a verified domain (mail.test) whose hello@ is the sender. */
let sending: string;
let sendingKey: string;
/** A project with no verified domain: nothing can be emailed from it. */
let silent: string;
const PASSWORD = "correct horse battery";
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ clock: "fake", worker: "off", config: { smtpUrl: smtp.url } });
  ({ id: sending, live: sendingKey } = await app.createProject({ name: "Acme" }));
  silent = (await createProject(app.runtime.db, { name: "Quiet" }, app.clock.now())).project.id;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function newUser(projectId = sending, options: { mustChangePassword?: boolean } = {}) {
  const email = `user${++counter}@people.example`;
  const { user } = await createUser(
    app.runtime.db,
    { email, password: PASSWORD, role: "admin", projectId },
    options,
  );
  return { id: user.id, email };
}

/** Signs in through the login form's action in a fresh browser, which keeps the cookie. */
async function signIn(email: string, password = PASSWORD): Promise<Browser> {
  const browser = switchToBrowser(new Browser());
  const target = await expectRedirect(() => signInAction(IDLE, formData({ email, password })));
  expect(target).toMatch(/\/overview$/);
  return browser;
}

/** Where requireDashboard sends `browser`: null when the dashboard opens. */
async function dashboardRedirect(browser: Browser): Promise<string | null> {
  switchToBrowser(browser);
  try {
    await requireDashboard();
    return null;
  } catch (error) {
    const target = redirectTarget(error);
    if (!target) throw error;
    return target;
  }
}

/** Delivers the user's newest queued email to the SMTP server and returns it parsed. */
async function deliveredTo(address: string) {
  const rows = await app.runtime.db.select().from(emails).where(eq(emails.to, address));
  const pending = rows.filter((e) => e.status === "sent" && !e.sentAt).map((e) => e.id);
  await deliverEmails(app.runtime, pending);
  const message = smtp.received.filter((m) => m.to.includes(address)).at(-1);
  if (!message) return null;
  return simpleParser(message.raw);
}

const RESET_LINK = /(https?:\/\/\S+?)\/reset-password\/([0-9A-Za-z]{43})/;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const resetRows = (userId: string) =>
  app.runtime.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe(`change password (${TEST_DRIVER})`, () => {
  it("ends every other session, keeps this one, and only the new password signs in", async () => {
    const user = await newUser();
    const other = await signIn(user.email);
    const mine = await signIn(user.email);
    const state = await changePasswordAction(
      IDLE,
      formData({
        current_password: PASSWORD,
        new_password: "a brand new password",
        confirm_password: "a brand new password",
      }),
    );
    expect(state).toMatchObject({
      status: "success",
      message: "Password changed. 1 other browser was signed out.",
    });
    expect(await dashboardRedirect(mine)).toBeNull();
    expect(await dashboardRedirect(other)).toMatch(/^\/login/);
    expect(await verifyCredentials(app.runtime.db, user.email, PASSWORD)).toBeNull();
    expect(await verifyCredentials(app.runtime.db, user.email, "a brand new password")).not.toBe(
      null,
    );
  });

  it("refuses a wrong current password, a short or unconfirmed new one, inline; changes nothing", async () => {
    const user = await newUser();
    const other = await signIn(user.email);
    await signIn(user.email);
    const attempt = (current: string, next: string, confirm = next) =>
      changePasswordAction(
        IDLE,
        formData({ current_password: current, new_password: next, confirm_password: confirm }),
      );
    expect(await attempt("not my password", "a brand new password")).toMatchObject({
      status: "error",
      fieldErrors: { current_password: "Is not correct." },
    });
    expect(await attempt(PASSWORD, "short")).toMatchObject({
      fieldErrors: { new_password: "Must be at least 8 characters." },
    });
    expect(await attempt(PASSWORD, "a brand new password", "another one")).toMatchObject({
      fieldErrors: { confirm_password: "Does not match the new password." },
    });
    expect(await verifyCredentials(app.runtime.db, user.email, PASSWORD)).not.toBeNull();
    expect(await dashboardRedirect(other)).toBeNull();
  });

  it("counts wrong current passwords like sign-in does: past the free failures, it waits", async () => {
    const user = await newUser();
    await signIn(user.email);
    const attempt = (current: string) =>
      changePasswordAction(
        IDLE,
        formData({
          current_password: current,
          new_password: "x".repeat(12),
          confirm_password: "x".repeat(12),
        }),
      );
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect((await attempt(`guess ${i}`)).status).toBe("error");
    }
    // The right password, too soon after the failures: refused without being checked.
    expect(await attempt(PASSWORD)).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds?\.$/),
    });
    expect(await verifyCredentials(app.runtime.db, user.email, PASSWORD)).not.toBeNull();
  });
});

describe(`forgot password (${TEST_DRIVER})`, () => {
  const NEUTRAL = expect.stringMatching(/^If an account uses this address, a link/);

  it("emails a one-time link (hash stored) that sets the password, ends every session, signs nobody in", async () => {
    const user = await newUser();
    const signedIn = await signIn(user.email);
    const visitor = switchToBrowser(new Browser());
    const state = await requestPasswordResetAction(IDLE, formData({ email: user.email }));
    expect(state).toMatchObject({ status: "success", message: NEUTRAL });

    const mail = await deliveredTo(user.email);
    expect(mail?.subject).toBe("Reset your Mailwright password");
    expect(mail?.from?.text).toContain("hello@mail.test");
    const [, base, token] = RESET_LINK.exec(mail!.text ?? "")!;
    expect(base).toBe(app.runtime.config.appUrl);
    expect(String(mail!.html)).toContain(`/reset-password/${token}`);

    // Only the token's hash is kept, with a 1-hour expiry.
    const [row] = await resetRows(user.id);
    expect(row).toMatchObject({ tokenHash: sha256(token!), usedAt: null, revokedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(RESET_TTL_MS);
    expect(JSON.stringify(row)).not.toContain(token);
    // The project's Emails log, which every member and API key reads, masks the link's token.
    const [logged] = await app.runtime.db.select().from(emails).where(eq(emails.to, user.email));
    const shown = await app.api(`/v1/emails/${logged!.id}`, { key: sendingKey });
    expect(shown.status).toBe(200);
    expect(shown.text).not.toContain(token);
    expect(shown.body.html).toContain("/reset-password/…");

    switchToBrowser(visitor);
    expect(await lookupPasswordReset(app.runtime, token!)).toEqual({
      state: "valid",
      email: user.email,
    });
    const target = await expectRedirect(() =>
      resetPasswordAction(
        token!,
        IDLE,
        formData({ password: "chosen after reset", confirm_password: "chosen after reset" }),
      ),
    );
    expect(target).toBe("/login?password=reset");
    expect(visitor.hasSessionCookie()).toBe(false);
    expect(await dashboardRedirect(signedIn)).toMatch(/^\/login/);
    expect(await verifyCredentials(app.runtime.db, user.email, "chosen after reset")).not.toBe(
      null,
    );

    // One use only.
    switchToBrowser(visitor);
    const again = await resetPasswordAction(
      token!,
      IDLE,
      formData({ password: "and once more", confirm_password: "and once more" }),
    );
    expect(again).toMatchObject({
      status: "error",
      message: expect.stringMatching(/already used/),
    });
    expect(await lookupPasswordReset(app.runtime, token!)).toEqual({ state: "invalid" });
  });

  it("answers the same for an unknown address and for an account that no project can email", async () => {
    switchToBrowser(new Browser());
    const before = smtp.received.length;
    const unknown = await requestPasswordResetAction(
      IDLE,
      formData({ email: "nobody@people.example" }),
    );
    const quiet = await newUser(silent);
    const undeliverable = await requestPasswordResetAction(IDLE, formData({ email: quiet.email }));
    expect(unknown).toMatchObject({ status: "success", message: NEUTRAL });
    expect({ ...undeliverable, at: 0 }).toEqual({ ...unknown, at: 0 });
    expect(await requestPasswordReset(app.runtime, { email: quiet.email })).toBe("cannot_deliver");
    expect(await resetRows(quiet.id)).toHaveLength(0);
    expect(smtp.received.length).toBe(before);
  });

  it("a newer request revokes the older link; a link expires after 1 hour", async () => {
    const user = await newUser();
    const tokenOf = async () => RESET_LINK.exec((await deliveredTo(user.email))!.text ?? "")![2]!;
    expect(await requestPasswordReset(app.runtime, { email: user.email })).toBe("emailed");
    const first = await tokenOf();
    app.clock.advance!(61_000);
    expect(await requestPasswordReset(app.runtime, { email: user.email })).toBe("emailed");
    const second = await tokenOf();
    expect(second).not.toBe(first);
    expect(await lookupPasswordReset(app.runtime, first)).toEqual({ state: "invalid" });

    app.clock.advance!(RESET_TTL_MS - 1);
    expect((await lookupPasswordReset(app.runtime, second)).state).toBe("valid");
    app.clock.advance!(1);
    expect(await lookupPasswordReset(app.runtime, second)).toEqual({ state: "expired" });
    switchToBrowser(new Browser());
    const late = await resetPasswordAction(
      second,
      IDLE,
      formData({ password: "too late for this", confirm_password: "too late for this" }),
    );
    expect(late.status).toBe("error");
    expect(await verifyCredentials(app.runtime.db, user.email, PASSWORD)).not.toBeNull();
  });

  it("limits requests: one email a minute and five an hour per account, and a budget per client address", async () => {
    const user = await newUser();
    const request = () => requestPasswordReset(app.runtime, { email: user.email });
    expect(await request()).toBe("emailed");
    expect(await request()).toBe("too_many_requests");
    for (let i = 0; i < 4; i++) {
      app.clock.advance!(61_000);
      expect(await request()).toBe("emailed");
    }
    app.clock.advance!(61_000);
    expect(await request()).toBe("too_many_requests");

    const budget = app.runtime.unauthenticatedLimiter;
    app.runtime.unauthenticatedLimiter = new TokenBucketLimiter(1 / 60, 2);
    try {
      switchToBrowser(new Browser());
      const ask = () => requestPasswordResetAction(IDLE, formData({ email: "x@people.example" }));
      expect((await ask()).status).toBe("success");
      expect((await ask()).status).toBe("success");
      expect(await ask()).toMatchObject({
        status: "error",
        message: "Too many requests from your network. Wait a minute, then try again.",
      });
    } finally {
      app.runtime.unauthenticatedLimiter = budget;
    }
  });

  it("is offered only while some project can deliver (else the page names the CLI)", async () => {
    expect(await passwordResetByEmailAvailable(app.runtime)).toBe(true);
    const smtpUrl = app.runtime.config.smtpUrl;
    app.runtime.config.smtpUrl = undefined;
    try {
      expect(await passwordResetByEmailAvailable(app.runtime)).toBe(false);
      const user = await newUser();
      expect(await requestPasswordReset(app.runtime, { email: user.email })).toBe("cannot_deliver");
    } finally {
      app.runtime.config.smtpUrl = smtpUrl;
    }
  });
});

describe(`invitations by email (${TEST_DRIVER})`, () => {
  it("emails the invitation when the project can deliver; the link stays copyable", async () => {
    const admin = await newUser();
    await signIn(admin.email);
    const state = await inviteMemberAction(IDLE, formData({ email: "new.hire@people.example" }));
    expect(state).toMatchObject({
      status: "success",
      message: "Invitation emailed to new.hire@people.example",
      result: { emailed: true, notEmailedBecause: null },
    });
    if (state.status !== "success") return;
    const mail = await deliveredTo("new.hire@people.example");
    expect(mail?.subject).toBe(`${admin.email} invited you to Acme on Mailwright`);
    expect(mail?.text).toContain(state.result!.url);
    expect(state.result!.url).toMatch(/\/invite\/[0-9A-Za-z]{43}$/);
  });

  it("says why it was not emailed when the project cannot deliver", async () => {
    const admin = await newUser(silent);
    await signIn(admin.email);
    const before = smtp.received.length;
    const state = await inviteMemberAction(IDLE, formData({ email: "later@people.example" }));
    expect(state).toMatchObject({
      status: "success",
      message: "Invitation created",
      result: {
        emailed: false,
        notEmailedBecause: expect.stringContaining("no sender on a verified domain"),
      },
    });
    const smtpUrl = app.runtime.config.smtpUrl;
    app.runtime.config.smtpUrl = undefined;
    try {
      const unconfigured = await inviteMemberAction(IDLE, formData({ email: "x@people.example" }));
      expect(unconfigured).toMatchObject({
        result: {
          emailed: false,
          notEmailedBecause: expect.stringContaining("delivery is not connected"),
        },
      });
    } finally {
      app.runtime.config.smtpUrl = smtpUrl;
    }
    await deliveredTo("later@people.example");
    expect(smtp.received.length).toBe(before);
  });
});

describe(`first sign-in with a generated password (${TEST_DRIVER})`, () => {
  it("sends the user to the welcome page until they choose a password; then the dashboard opens", async () => {
    const { project } = await createProject(
      app.runtime.db,
      { name: FIRST_PROJECT_NAME },
      app.clock.now(),
    );
    const user = await newUser(project.id, { mustChangePassword: true });
    const elsewhere = await signIn(user.email);
    const browser = await signIn(user.email);
    expect(await dashboardRedirect(browser)).toBe("/welcome");
    // Server actions too: nothing opens before the account is set up.
    switchToBrowser(browser);
    expect(
      await expectRedirect(() => createApiKeyAction(IDLE, formData({ name: "k", mode: "live" }))),
    ).toBe("/welcome");

    const finish = (values: Record<string, string>) =>
      completeFirstSignInAction(
        IDLE,
        formData({
          email: "ops@acme.example",
          project_name: "Acme Newsletter",
          new_password: "my own password",
          confirm_password: "my own password",
          ...values,
        }),
      );
    expect(await finish({ new_password: PASSWORD, confirm_password: PASSWORD })).toMatchObject({
      fieldErrors: { new_password: "Is the generated password: choose your own." },
    });
    expect(await finish({ project_name: " " })).toMatchObject({
      fieldErrors: { project_name: "Is required." },
    });
    const taken = await newUser();
    expect(await finish({ email: taken.email })).toMatchObject({
      fieldErrors: { email: "Is used by another account." },
    });
    expect(await expectRedirect(() => finish({}))).toBe("/overview");

    expect(await dashboardRedirect(browser)).toBeNull();
    expect(await dashboardRedirect(elsewhere)).toMatch(/^\/login/);
    const [row] = await app.runtime.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: "ops@acme.example", mustChangePassword: false });
    expect(await verifyCredentials(app.runtime.db, "ops@acme.example", "my own password")).not.toBe(
      null,
    );
    const [named] = await app.runtime.db.select().from(projects).where(eq(projects.id, project.id));
    expect(named!.name).toBe("Acme Newsletter");
    // Done once: the page is no longer for them.
    switchToBrowser(browser);
    expect(await finish({})).toMatchObject({
      status: "error",
      message: "Your account is already set up.",
    });
  });

  it("a user made by the CLI or an invitation has nothing to finish", async () => {
    const user = await newUser();
    const [row] = await app.runtime.db
      .select({ mustChangePassword: users.mustChangePassword })
      .from(users)
      .where(and(eq(users.id, user.id)));
    expect(row!.mustChangePassword).toBe(false);
    expect(await dashboardRedirect(await signIn(user.email))).toBeNull();
  });
});
