import { createHash } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { passwordResets, projects, users } from "@/db/schema";
import type { Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import { withTransaction } from "@/lib/core/context";
import { ConflictError } from "@/lib/core/errors";
import { newId, randomBase62 } from "@/lib/core/ids";
import { EmailAddress, parseInput } from "@/lib/core/validation";
import {
  canDeliverFor,
  deliveringProjectOf,
  publicLink,
  sendAccountEmail,
  type AccountMailDeps,
} from "./account-mail";
import { passwordResetEmail } from "./account-mail-content";
import { hashPassword, NewPassword } from "./password";
import { replacePassword } from "./set-password";
import { findUserByEmail } from "./users";

/** How long a reset link works; the email says so. */
export const RESET_TTL_MS = 60 * 60_000;
const RESET_TTL_TEXT = "1 hour";
/** One inbox gets at most one reset email a minute and five an hour, however often it is asked. */
const MIN_INTERVAL_MS = 60_000;
const MAX_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;
/** Used, revoked and expired rows are kept a day (they count requests), then pruned. */
const KEPT_FOR_MS = 24 * HOUR_MS;

/** 43 base62 characters ≈ 256 bits: unguessable; only its SHA-256 is stored. */
const TOKEN_LENGTH = 43;
const TOKEN_PATTERN = /^[0-9A-Za-z]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const ForgotPasswordInput = z.object({ email: EmailAddress });

/**
 * Whether "Forgot password?" can work on this instance at all: some project can deliver mail.
 * It says nothing about any one account, so the page may show it to anyone.
 */
export async function passwordResetByEmailAvailable(
  deps: Pick<AccountMailDeps, "db" | "transports">,
) {
  const rows = await deps.db.select({ id: projects.id }).from(projects);
  for (const { id } of rows) if ((await canDeliverFor(deps, id)).canDeliver) return true;
  return false;
}

/** Why no email left (for tests and the server log; the visitor always gets the same answer). */
export type ResetRequestOutcome =
  "emailed" | "no_account" | "cannot_deliver" | "too_many_requests" | "suppressed";

/**
 * "Forgot password": emails a one-time link to the account's address, from the first of its
 * projects that can deliver. A new request revokes the older links. The caller answers the same
 * whatever the outcome, so the form never tells who has an account.
 */
export async function requestPasswordReset(
  deps: AccountMailDeps,
  input: unknown,
): Promise<ResetRequestOutcome> {
  const { email } = parseInput(ForgotPasswordInput, input);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return "no_account";
  const delivering = await deliveringProjectOf(deps, user.id);
  if (!delivering) return "cannot_deliver";
  const now = deps.clock.now();
  if (await tooManyRequests(deps.db, user.id, now)) return "too_many_requests";

  const token = await issuePasswordReset(deps.db, user.id, now);
  const content = await passwordResetEmail({
    email: user.email,
    resetUrl: publicLink(deps.config, `/reset-password/${token}`),
    expiresIn: RESET_TTL_TEXT,
  });
  const sent = await sendAccountEmail(deps, {
    ...delivering,
    to: { address: user.email, name: user.name },
    kind: "password_reset",
    content,
  });
  return sent ? "emailed" : "suppressed";
}

/**
 * A new reset link for the user (its token returned once, only its hash kept); their older
 * unused links stop working. The e2e server seeds one with it.
 */
export async function issuePasswordReset(db: Executor, userId: string, now: Date) {
  const token = randomBase62(TOKEN_LENGTH);
  await withTransaction(db, async (tx) => {
    await tx
      .update(passwordResets)
      .set({ revokedAt: now })
      .where(and(eq(passwordResets.userId, userId), pending()));
    await tx
      .delete(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, userId),
          lt(passwordResets.createdAt, new Date(now.getTime() - KEPT_FOR_MS)),
        ),
      );
    await tx.insert(passwordResets).values({
      id: newId("pwr", now.getTime()),
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      createdAt: now,
    });
  });
  return token;
}

async function tooManyRequests(db: Executor, userId: string, now: Date): Promise<boolean> {
  const recent = and(
    eq(passwordResets.userId, userId),
    gt(passwordResets.createdAt, new Date(now.getTime() - HOUR_MS)),
  );
  const [[last], [total]] = await Promise.all([
    db
      .select({ createdAt: passwordResets.createdAt })
      .from(passwordResets)
      .where(recent)
      .orderBy(desc(passwordResets.createdAt))
      .limit(1),
    db.select({ n: count() }).from(passwordResets).where(recent),
  ]);
  if (last && now.getTime() - last.createdAt.getTime() < MIN_INTERVAL_MS) return true;
  return (total?.n ?? 0) >= MAX_PER_HOUR;
}

/** Not used and not revoked (expiry is checked against the clock where it matters). */
function pending() {
  return and(isNull(passwordResets.usedAt), isNull(passwordResets.revokedAt));
}

export type ResetLinkLookup = { state: "invalid" | "expired" } | { state: "valid"; email: string };

/** What /reset-password/<token> shows: whose password the link sets, or why it cannot. */
export async function lookupPasswordReset(
  deps: { db: Executor; clock: Clock },
  token: string,
): Promise<ResetLinkLookup> {
  if (!TOKEN_PATTERN.test(token)) return { state: "invalid" };
  const [row] = await deps.db
    .select({ reset: passwordResets, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, hashToken(token)));
  if (!row || row.reset.usedAt || row.reset.revokedAt) return { state: "invalid" };
  if (row.reset.expiresAt <= deps.clock.now()) return { state: "expired" };
  return { state: "valid", email: row.email };
}

export const ResetPasswordInput = z
  .object({ password: NewPassword, confirm_password: z.string().max(200) })
  .refine((values) => values.password === values.confirm_password, {
    path: ["confirm_password"],
    message: "does not match the new password",
  });

const LINK_UNUSABLE =
  "This link has expired or was already used. Ask for a new one from the sign-in page.";

/**
 * Sets a new password with a reset link. The link works once; every session of the account ends
 * (whoever was signed in must sign in with the new password), and nobody is signed in by it.
 */
export async function resetPassword(
  deps: { db: Executor; clock: Clock },
  token: string,
  input: unknown,
): Promise<{ email: string }> {
  const { password } = parseInput(ResetPasswordInput, input);
  if (!TOKEN_PATTERN.test(token)) throw new ConflictError(LINK_UNUSABLE, "reset_link_invalid");
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    // Consumed only while still usable: a second use, or a newer request in between, finds nothing.
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          pending(),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) throw new ConflictError(LINK_UNUSABLE, "reset_link_invalid");
    await replacePassword(tx, used.userId, passwordHash, now);
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, used.userId));
    return { email: user!.email };
  });
}
