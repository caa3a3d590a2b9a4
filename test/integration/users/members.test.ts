import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { invitations } from "@/db/schema";
import { serviceContext, type ServiceContext } from "@/lib/core/context";
import * as contactActions from "@/lib/web/dashboard/actions/contacts";
import { acceptInvitationAction } from "@/lib/web/dashboard/actions/invitations";
import * as memberActions from "@/lib/web/dashboard/actions/members";
import { dashboardContextFor, requireDashboard } from "@/lib/web/dashboard/context";
import { IDLE } from "@/lib/web/dashboard/form-state";
import {
  acceptInvitation,
  createInvitation,
  INVITATION_TTL_MS,
  listInvitations,
  lookupInvitation,
  revokeInvitation,
} from "@/lib/users/invitations";
import { changeMemberRole, listMembers, removeMember } from "@/lib/users/members";
import { createUser, findUserByEmail } from "@/lib/users/users";
import { startTestApp, TEST_DRIVER, type TestApp } from "../../support/app";
import { expectRedirect, formData, signInAs } from "../../support/dashboard-session";

vi.mock("@/lib/web/auth", async () => (await import("../../support/dashboard-session")).authMock());
vi.mock("next/headers", async () =>
  (await import("../../support/dashboard-session")).headersMock(),
);
// The invitation action imports Auth.js's AuthError; only the class is needed here.
vi.mock("next-auth", () => ({ AuthError: class AuthError extends Error {} }));
vi.mock("next/cache", async () => (await import("../../support/dashboard-session")).cacheMock());

/** Settings → Members: invitations, roles, removal, and the session consequences of each. */
let app: TestApp;
const PASSWORD = "correct horse battery";

/** A project with one admin user, and the contexts the dashboard would build for each role. */
async function team(name: string) {
  const project = await app.createProject({ name });
  const admin = await createUser(app.runtime.db, {
    email: `admin@${name.toLowerCase()}.test`,
    password: PASSWORD,
    role: "admin",
    projectId: project.id,
  });
  const adminCtx = serviceContext(app.runtime, project.id, "live", "admin");
  const memberCtx = serviceContext(app.runtime, project.id, "live", "member");
  return { project, adminId: admin.user.id, adminCtx, memberCtx };
}

async function invite(ctx: ServiceContext, email: string, role: "admin" | "member" = "member") {
  return createInvitation(ctx, { email, role }, null);
}

const contextOf = (userId: string, projectId?: string) =>
  dashboardContextFor(app.runtime, userId, projectId);

beforeAll(async () => {
  app = await startTestApp({ clock: "fake", worker: "off" });
});
afterAll(() => app?.close());

describe(`members and invitations (${TEST_DRIVER})`, () => {
  it("invites a new person: the link works once and makes them a member", async () => {
    const { project, adminCtx } = await team("Acme");
    const { invitation, token } = await invite(adminCtx, " New.Person@Example.com ");
    expect(invitation).toMatchObject({ email: "new.person@example.com", role: "member" });
    expect(invitation.expiresAt.getTime() - app.clock.now().getTime()).toBe(INVITATION_TTL_MS);
    // Stored hashed: the token itself is nowhere in the row.
    const [row] = await app.runtime.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitation.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(token).toMatch(/^[0-9A-Za-z]{43}$/);

    const lookup = await lookupInvitation(app.runtime.db, app.clock, token);
    expect(lookup).toMatchObject({ state: "pending", projectName: "Acme", accountExists: false });

    // A new account needs a name and an 8-character password.
    await expect(
      acceptInvitation(app.runtime, token, { name: "", password: "short" }),
    ).rejects.toMatchObject({ status: 422 });
    const accepted = await acceptInvitation(app.runtime, token, {
      name: "New Person",
      password: PASSWORD,
    });
    expect(accepted).toMatchObject({ projectId: project.id, accountExisted: false });

    const members = await listMembers(adminCtx);
    const joined = members.find((m) => m.email === "new.person@example.com")!;
    expect(joined).toMatchObject({ name: "New Person", role: "member" });
    const context = await contextOf(joined.userId);
    expect(context?.project).toMatchObject({ id: project.id, role: "member" });
    expect(context?.ctx.role).toBe("member");

    // Used: refused the second time, and no longer listed as pending.
    await expect(
      acceptInvitation(app.runtime, token, { name: "Again", password: PASSWORD }),
    ).rejects.toMatchObject({ status: 409, code: "invitation_invalid" });
    expect(await lookupInvitation(app.runtime.db, app.clock, token)).toEqual({
      state: "accepted",
    });
    expect(await listInvitations(adminCtx)).toEqual([]);
  });

  it("lets someone with an account join with their password, keeping their other projects", async () => {
    const first = await team("First");
    const second = await team("Second");
    // The admin of First is invited into Second as an admin.
    const { token } = await invite(second.adminCtx, "admin@first.test", "admin");
    expect(await lookupInvitation(app.runtime.db, app.clock, token)).toMatchObject({
      state: "pending",
      accountExists: true,
    });
    await expect(
      acceptInvitation(app.runtime, token, { password: "not the password" }),
    ).rejects.toMatchObject({ status: 422 });
    const accepted = await acceptInvitation(app.runtime, token, { password: PASSWORD });
    expect(accepted).toMatchObject({ projectId: second.project.id, accountExisted: true });
    const context = await contextOf(first.adminId, second.project.id);
    expect(context?.projects.map((p) => p.id).sort()).toEqual(
      [first.project.id, second.project.id].sort(),
    );
    expect(context?.project).toMatchObject({ id: second.project.id, role: "admin" });
    // Already a member now: inviting again is refused at once.
    await expect(invite(second.adminCtx, "admin@first.test")).rejects.toMatchObject({
      status: 422,
      code: "already_member",
    });
  });

  it("checks an existing account's password through the sign-in throttle", async () => {
    await team("Guessed");
    const target = await team("Joining");
    const { token } = await invite(target.adminCtx, "admin@guessed.test");
    const attempt = (password: string) => {
      const form = formData({ password });
      return acceptInvitationAction(token, IDLE, form);
    };
    for (let i = 0; i < 5; i++) {
      expect(await attempt("wrong guess")).toMatchObject({ status: "error" });
    }
    // The sixth guess, even the right password, waits like a sign-in would.
    expect(await attempt(PASSWORD)).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^Too many attempts\. Try again in/),
    });
    expect(await lookupInvitation(app.runtime.db, app.clock, token)).toMatchObject({
      state: "pending",
    });
  });

  it("refuses expired, revoked, replaced and made-up tokens", async () => {
    const { adminCtx } = await team("Tokens");
    const expired = await invite(adminCtx, "late@example.com");
    app.clock.advance!(INVITATION_TTL_MS + 1);
    expect(await lookupInvitation(app.runtime.db, app.clock, expired.token)).toEqual({
      state: "expired",
    });
    await expect(
      acceptInvitation(app.runtime, expired.token, { name: "Late", password: PASSWORD }),
    ).rejects.toMatchObject({ status: 409 });

    const revoked = await invite(adminCtx, "revoked@example.com");
    await revokeInvitation(adminCtx, revoked.invitation.id);
    await expect(revokeInvitation(adminCtx, revoked.invitation.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      acceptInvitation(app.runtime, revoked.token, { name: "Rev", password: PASSWORD }),
    ).rejects.toMatchObject({ status: 409 });

    // A new invitation for the same address replaces the older link.
    const older = await invite(adminCtx, "twice@example.com");
    const newer = await invite(adminCtx, "twice@example.com");
    expect(await lookupInvitation(app.runtime.db, app.clock, older.token)).toEqual({
      state: "revoked",
    });
    expect((await listInvitations(adminCtx)).map((i) => i.id)).toContain(newer.invitation.id);

    for (const token of ["", "x".repeat(43), "../etc/passwd", "a".repeat(5000)]) {
      expect(await lookupInvitation(app.runtime.db, app.clock, token)).toEqual({
        state: "invalid",
      });
    }
    // Nothing was created for the refused links.
    for (const email of ["late@example.com", "revoked@example.com"]) {
      expect(await findUserByEmail(app.runtime.db, email)).toBeNull();
    }
  });

  it("refuses a member every members.manage service, and changes nothing", async () => {
    const { adminCtx, memberCtx, adminId } = await team("Guarded");
    const pending = await invite(adminCtx, "pending@example.com");
    const before = {
      members: await listMembers(adminCtx),
      invitations: await listInvitations(adminCtx),
    };
    const attempts = [
      () => invite(memberCtx, "friend@example.com", "admin"),
      () => listInvitations(memberCtx),
      () => revokeInvitation(memberCtx, pending.invitation.id),
      () => changeMemberRole(memberCtx, adminId, { role: "member" }),
      () => removeMember(memberCtx, adminId),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ status: 403, code: "forbidden" });
    }
    // Members may see who is in the project (read-only).
    expect(await listMembers(memberCtx)).toEqual(before.members);
    expect({
      members: await listMembers(adminCtx),
      invitations: await listInvitations(adminCtx),
    }).toEqual(before);
  });

  it("never removes or demotes the last admin", async () => {
    const { adminCtx, adminId } = await team("Solo");
    await expect(changeMemberRole(adminCtx, adminId, { role: "member" })).rejects.toMatchObject({
      status: 409,
      code: "last_admin",
    });
    await expect(removeMember(adminCtx, adminId)).rejects.toMatchObject({ code: "last_admin" });
    // Through the dashboard it is a form error with the same sentence.
    signInAs(adminId);
    const state = await memberActions.removeMemberAction(adminId);
    expect(state).toMatchObject({ status: "error", message: expect.stringMatching(/one admin/) });

    // Two admins demoting each other at once: one wins, the project keeps an admin.
    const { token } = await invite(adminCtx, "second@solo.test", "admin");
    await acceptInvitation(app.runtime, token, { name: "Second", password: PASSWORD });
    const secondId = (await listMembers(adminCtx)).find(
      (m) => m.email === "second@solo.test",
    )!.userId;
    const results = await Promise.allSettled([
      changeMemberRole(adminCtx, adminId, { role: "member" }),
      changeMemberRole(adminCtx, secondId, { role: "member" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = (await listMembers(adminCtx)).filter((m) => m.role === "admin");
    expect(admins).toHaveLength(1);
  });

  it("applies a role change on the member's next request, and a removal at once", async () => {
    const { project, adminCtx, adminId } = await team("Sessions");
    const { token } = await invite(adminCtx, "moving@sessions.test");
    await acceptInvitation(app.runtime, token, { name: "Moving", password: PASSWORD });
    const userId = (await listMembers(adminCtx)).find(
      (m) => m.email === "moving@sessions.test",
    )!.userId;

    signInAs(userId);
    expect((await requireDashboard()).ctx.role).toBe("member");
    signInAs(adminId);
    expect(await memberActions.changeMemberRoleAction(userId, "admin")).toMatchObject({
      status: "success",
    });
    // The same session (the JWT holds only the user id) now acts as an admin.
    expect((await contextOf(userId))?.ctx.role).toBe("admin");
    await changeMemberRole(adminCtx, userId, { role: "member" });
    expect((await contextOf(userId))?.ctx.role).toBe("member");

    // While still a member, their server actions work.
    signInAs(userId, project.id);
    const created = await contactActions.createContactAction(
      IDLE,
      formData({ email: "kept@example.com", subscribed: "on" }),
    );
    expect(created.status).toBe("success");

    signInAs(adminId);
    expect(await memberActions.removeMemberAction(userId)).toMatchObject({ status: "success" });

    // Their very next page load (the dashboard layout calls requireDashboard) and server action
    // are both sent to the sign-in page.
    signInAs(userId, project.id);
    expect(await contextOf(userId, project.id)).toBeNull();
    expect(await expectRedirect(() => requireDashboard())).toBe("/login");
    expect(
      await expectRedirect(() =>
        contactActions.createContactAction(
          IDLE,
          formData({ email: "after@example.com", subscribed: "on" }),
        ),
      ),
    ).toBe("/login");
  });
});
