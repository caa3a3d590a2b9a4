import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { invitations, memberships, projects, type Invitation } from "@/db/schema";
import type { Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError, NotFoundError, RateLimitedError, ValidationError } from "@/lib/core/errors";
import { newId, randomBase62 } from "@/lib/core/ids";
import { authorize, ROLES, type Role } from "@/lib/core/permissions";
import { EmailAddress, parseInput } from "@/lib/core/validation";
import { hashPassword, NewPassword, verifyPassword, type AccountPasswordCheck } from "./password";
import { findUserByEmail, insertUser } from "./users";
import { newestFirst } from "@/lib/core/pagination";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 43 base62 characters ≈ 256 bits: unguessable; only its SHA-256 is stored. */
const TOKEN_LENGTH = 43;
const TOKEN_PATTERN = /^[0-9A-Za-z]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const InviteInput = z.object({
  email: EmailAddress,
  role: z.enum(ROLES as [Role, ...Role[]], { error: "must be admin or member" }).default("member"),
});

/**
 * Invites an email address into the project. Returns the token once (the link is shown to the
 * admin, since mail may not be set up); a newer invitation for the same address replaces older.
 */
export async function createInvitation(
  ctx: ServiceContext,
  input: unknown,
  invitedBy: string | null,
) {
  authorize(ctx, "members.manage");
  const { email, role } = parseInput(InviteInput, input);
  const token = randomBase62(TOKEN_LENGTH);
  const now = ctx.clock.now();
  const invitation = await withTransaction(ctx.db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) {
      const [member] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.projectId, ctx.projectId), eq(memberships.userId, user.id)));
      if (member) {
        throw new ValidationError(
          `${email} is already a member of this project.`,
          [{ path: "email", message: "is already a member of this project" }],
          "already_member",
        );
      }
    }
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(pendingIn(ctx.projectId), eq(invitations.email, email)));
    const [row] = await tx
      .insert(invitations)
      .values({
        id: newId("inv", now.getTime()),
        projectId: ctx.projectId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedBy,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning();
    return row!;
  });
  return { invitation, token };
}

/** Not accepted and not revoked (expired ones stay listed, marked, until revoked or replaced). */
function pendingIn(projectId: string) {
  return and(
    eq(invitations.projectId, projectId),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
  );
}

export async function listInvitations(ctx: ServiceContext) {
  authorize(ctx, "members.manage");
  return ctx.db
    .select()
    .from(invitations)
    .where(pendingIn(ctx.projectId))
    .orderBy(...newestFirst(invitations.createdAt, invitations.id))
    .limit(100);
}

export async function revokeInvitation(ctx: ServiceContext, invitationId: string) {
  authorize(ctx, "members.manage");
  const [row] = await ctx.db
    .update(invitations)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(pendingIn(ctx.projectId), eq(invitations.id, invitationId)))
    .returning({ id: invitations.id });
  if (!row) throw new NotFoundError("Invitation");
  return { id: row.id, revoked: true as const };
}

export type InvitationLookup =
  | { state: "invalid" | "expired" | "accepted" | "revoked" }
  | {
      state: "pending";
      invitation: Invitation;
      projectName: string;
      /** The invited email has an account: the invitee signs in to accept. */
      accountExists: boolean;
    };

/** What /invite/<token> shows: the invitation when usable, else why not. No sign-in needed. */
export async function lookupInvitation(
  db: Executor,
  clock: Clock,
  token: string,
): Promise<InvitationLookup> {
  if (!TOKEN_PATTERN.test(token)) return { state: "invalid" };
  const [row] = await db
    .select({ invitation: invitations, projectName: projects.name })
    .from(invitations)
    .innerJoin(projects, eq(projects.id, invitations.projectId))
    .where(eq(invitations.tokenHash, hashToken(token)));
  if (!row) return { state: "invalid" };
  const { invitation } = row;
  if (invitation.acceptedAt) return { state: "accepted" };
  if (invitation.revokedAt) return { state: "revoked" };
  if (invitation.expiresAt <= clock.now()) return { state: "expired" };
  const accountExists = (await findUserByEmail(db, invitation.email)) !== null;
  return { state: "pending", invitation, projectName: row.projectName, accountExists };
}

export const AcceptInvitationInput = z.object({
  name: z.string().trim().max(200).optional(),
  password: z.string().min(1, "is required").max(200),
});
const NewAccount = z.object({
  name: z.string().trim().min(1, "enter your name").max(200),
  password: NewPassword,
});

const NO_LONGER_VALID =
  "This invitation has expired, was revoked or was already used. Ask an admin for a new link.";

/**
 * Accepts an invitation: a new account (name + password) for the invited email, or, when that
 * email already has an account, its password proves it is theirs. The token works once. The
 * dashboard checks that password through the sign-in throttle (`checkPassword`), so an invite
 * link is no side door for password guessing.
 */
export async function acceptInvitation(
  runtime: { db: Executor; clock: Clock; checkPassword?: AccountPasswordCheck },
  token: string,
  input: unknown,
) {
  const { name, password } = parseInput(AcceptInvitationInput, input);
  const found = await lookupInvitation(runtime.db, runtime.clock, token);
  if (found.state !== "pending") throw new ConflictError(NO_LONGER_VALID, "invitation_invalid");
  const { invitation } = found;
  const existing = await findUserByEmail(runtime.db, invitation.email);
  let account: { name: string; passwordHash: string } | null = null;
  if (existing) {
    const verdict = runtime.checkPassword
      ? await runtime.checkPassword(invitation.email, password)
      : (await verifyPassword(password, existing.passwordHash))
        ? "ok"
        : "invalid";
    if (typeof verdict === "object") throw new RateLimitedError(verdict.retryAfterSeconds);
    if (verdict !== "ok") {
      throw new ValidationError("Incorrect password.", [
        { path: "password", message: "incorrect password for this account" },
      ]);
    }
  } else {
    const values = parseInput(NewAccount, { name, password });
    account = { name: values.name, passwordHash: await hashPassword(values.password) };
  }
  const now = runtime.clock.now();
  await withTransaction(runtime.db, async (tx) => {
    // Consumed only while still pending: a second use, or a revoke in between, finds nothing.
    const [consumed] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(invitations.projectId, invitation.projectId),
          eq(invitations.id, invitation.id),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning();
    if (!consumed) throw new ConflictError(NO_LONGER_VALID, "invitation_invalid");
    if (existing) {
      await tx
        .insert(memberships)
        .values({ userId: existing.id, projectId: consumed.projectId, role: consumed.role })
        .onConflictDoNothing();
    } else if (account) {
      await insertUser(tx, {
        email: consumed.email,
        name: account.name,
        passwordHash: account.passwordHash,
        projectId: consumed.projectId,
        role: consumed.role,
      });
    }
  });
  return {
    email: invitation.email,
    projectId: invitation.projectId,
    accountExisted: existing !== null,
  };
}
