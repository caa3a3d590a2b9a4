import { forgetProjectSettings } from "../projects/settings";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { projects, users } from "@/db/schema";
import { withTransaction, type ServiceContext } from "@/lib/core/context";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/core/errors";
import { can } from "@/lib/core/permissions";
import { RenameProjectInput } from "../projects/rename";
import { EmailAddress, parseInput } from "@/lib/core/validation";
import type { Account } from "./change-password";
import { hashPassword, NewPassword, verifyPassword } from "./password";
import { replacePassword } from "./set-password";

export const FirstSignInInput = z
  .object({
    email: EmailAddress,
    /** Asked of an admin of the project only (a member cannot rename it). */
    project_name: RenameProjectInput.shape.name.optional(),
    new_password: NewPassword,
    confirm_password: z.string({ error: "is required" }).max(200),
  })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ["confirm_password"],
    message: "does not match the new password",
  });

/**
 * The first sign-in with a generated password (first boot printed it in a log): before anything
 * else the user chooses their own password, names the project (an admin) and may give their real
 * email address (the generated admin is `admin@mailwright.local`, where no reset link can go).
 * Other sessions end, this one stays; afterwards the dashboard opens as usual.
 */
export async function completeFirstSignIn(ctx: ServiceContext, account: Account, input: unknown) {
  const values = parseInput(FirstSignInInput, input);
  const admin = can(ctx.role, "settings.manage");
  if (admin && values.project_name === undefined) {
    throw new ValidationError("Give the project a name.", [
      { path: "project_name", message: "is required" },
    ]);
  }
  const [user] = await ctx.db
    .select({
      passwordHash: users.passwordHash,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, account.userId));
  if (!user) throw new NotFoundError("User");
  if (!user.mustChangePassword) {
    throw new ConflictError("Your account is already set up.", "already_set_up");
  }
  if (await verifyPassword(values.new_password, user.passwordHash)) {
    throw new ValidationError("Choose a password of your own, not the generated one.", [
      { path: "new_password", message: "is the generated password: choose your own" },
    ]);
  }
  const passwordHash = await hashPassword(values.new_password);
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, values.email), ne(users.id, account.userId)));
    if (taken) {
      throw new ValidationError(`Another account already uses ${values.email}.`, [
        { path: "email", message: "is used by another account" },
      ]);
    }
    await tx
      .update(users)
      .set({ email: values.email, updatedAt: now })
      .where(eq(users.id, account.userId));
    const endedSessions = await replacePassword(
      tx,
      account.userId,
      passwordHash,
      now,
      account.sessionId,
    );
    if (admin && values.project_name !== undefined) {
      await tx
        .update(projects)
        .set({ name: values.project_name, updatedAt: now })
        .where(eq(projects.id, ctx.projectId));
      forgetProjectSettings(ctx.caches);
    }
    return { email: values.email, endedSessions };
  });
}
