import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "@/db/schema";
import type { Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import { withTransaction } from "@/lib/core/context";
import { NotFoundError, RateLimitedError, ValidationError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import { hashPassword, NewPassword, verifyPassword, type AccountPasswordCheck } from "./password";
import { replacePassword } from "./set-password";

export const ChangePasswordInput = z
  .object({
    current_password: z
      .string({ error: "is required" })
      .min(1, "enter your current password")
      .max(200),
    new_password: NewPassword,
    confirm_password: z.string({ error: "is required" }).max(200),
  })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ["confirm_password"],
    message: "does not match the new password",
  });

type Deps = { db: Executor; clock: Clock; checkPassword?: AccountPasswordCheck };
/** Who is changing their password, and the session they do it from (it stays signed in). */
export type Account = { userId: string; sessionId: string | null };

/**
 * Settings → Your account: a signed-in user replaces their own password. The current one is
 * required (a borrowed, unlocked browser is not enough), checked through the sign-in throttle
 * when the dashboard passes it. Every other session of the user ends; this one stays.
 */
export async function changePassword(deps: Deps, account: Account, input: unknown) {
  const values = parseInput(ChangePasswordInput, input);
  const [user] = await deps.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, account.userId));
  if (!user) throw new NotFoundError("User");
  const verdict = deps.checkPassword
    ? await deps.checkPassword(user.email, values.current_password)
    : (await verifyPassword(values.current_password, user.passwordHash))
      ? "ok"
      : "invalid";
  if (typeof verdict === "object") throw new RateLimitedError(verdict.retryAfterSeconds);
  if (verdict !== "ok") {
    throw new ValidationError("Your current password is not correct.", [
      { path: "current_password", message: "is not correct" },
    ]);
  }
  if (values.new_password === values.current_password) {
    throw new ValidationError("Choose a password different from the current one.", [
      { path: "new_password", message: "is the same as the current password" },
    ]);
  }
  const passwordHash = await hashPassword(values.new_password);
  const endedSessions = await withTransaction(deps.db, (tx) =>
    replacePassword(tx, account.userId, passwordHash, deps.clock.now(), account.sessionId),
  );
  return { endedSessions };
}
