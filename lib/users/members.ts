import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { memberships, projects, users } from "@/db/schema";
import type { Executor } from "@/db";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { authorize, ROLES, type Role } from "@/lib/core/permissions";
import { parseInput } from "@/lib/core/validation";
import { endSessionsOfUser } from "./sessions";

export type Member = {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: Date;
  lastLoginAt: Date | null;
};

/** Everyone in the project, admins first, then by when they joined. Readable by every role. */
export async function listMembers(ctx: ServiceContext): Promise<Member[]> {
  const rows = await ctx.db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.projectId, ctx.projectId))
    .orderBy(asc(memberships.createdAt), asc(users.email));
  return rows.sort((a, b) => Number(b.role === "admin") - Number(a.role === "admin"));
}

export const ChangeRoleInput = z.object({
  role: z.enum(ROLES as [Role, ...Role[]], { error: "must be admin or member" }),
});

const LAST_ADMIN =
  "A project needs at least one admin: make someone else an admin before you do this.";

/** Makes a member an admin or an admin a member; the last admin cannot be demoted. */
export async function changeMemberRole(ctx: ServiceContext, userId: string, input: unknown) {
  authorize(ctx, "members.manage");
  const { role } = parseInput(ChangeRoleInput, input);
  return withTransaction(ctx.db, async (tx) => {
    const current = await lockedMembership(tx, ctx.projectId, userId);
    if (current.role === "admin" && role !== "admin") await assertAnotherAdmin(tx, ctx.projectId);
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.projectId, ctx.projectId), eq(memberships.userId, userId)));
    return { userId, role };
  });
}

/**
 * Removes someone from the project and ends every session they have: whatever they had open
 * (in this project or another) asks them to sign in again, so nothing started here carries on.
 */
export async function removeMember(ctx: ServiceContext, userId: string) {
  authorize(ctx, "members.manage");
  return withTransaction(ctx.db, async (tx) => {
    const current = await lockedMembership(tx, ctx.projectId, userId);
    if (current.role === "admin") await assertAnotherAdmin(tx, ctx.projectId);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.projectId, ctx.projectId), eq(memberships.userId, userId)));
    await endSessionsOfUser(tx, userId);
    return { userId, removed: true as const };
  });
}

/**
 * The membership, after locking the project row: every role change and removal in a project
 * queues behind it, so two admins demoting each other at once cannot leave it without one.
 */
async function lockedMembership(tx: Executor, projectId: string, userId: string) {
  await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.projectId, projectId), eq(memberships.userId, userId)));
  if (!row) throw new NotFoundError("Member");
  return row;
}

async function assertAnotherAdmin(tx: Executor, projectId: string) {
  const [row] = await tx
    .select({ admins: count() })
    .from(memberships)
    .where(and(eq(memberships.projectId, projectId), eq(memberships.role, "admin")));
  if ((row?.admins ?? 0) <= 1) throw new ConflictError(LAST_ADMIN, "last_admin");
}
