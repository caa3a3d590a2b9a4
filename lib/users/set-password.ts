import { and, eq, isNull } from "drizzle-orm";
import { passwordResets, users } from "@/db/schema";
import type { Executor } from "@/db";
import { endSessionsOfUser } from "./sessions";

/**
 * What every new password does, whoever sets it (the user, a reset link, the operator's CLI,
 * the first sign-in): the hash is replaced, the account no longer has to change it, unused reset
 * links stop working, and every session ends but `keepSession` (the browser that changed it).
 * Returns how many sessions ended. Call inside the caller's transaction.
 */
export async function replacePassword(
  tx: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
  keepSession?: string | null,
): Promise<number> {
  await tx
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: now })
    .where(eq(users.id, userId));
  await tx
    .update(passwordResets)
    .set({ revokedAt: now })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        isNull(passwordResets.revokedAt),
      ),
    );
  return endSessionsOfUser(tx, userId, keepSession ? { except: keepSession } : {});
}
