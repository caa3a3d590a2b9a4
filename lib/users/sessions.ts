import { and, desc, eq, gt, lte, ne } from "drizzle-orm";
import { sessions, type Session } from "@/db/schema";
import type { Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import { newId } from "@/lib/core/ids";

/**
 * Dashboard sessions, one row each (docs/decisions/0040-server-side-sessions.md). The signed
 * session cookie names a row; a session is valid only while its row exists and is unexpired, so
 * deleting rows ends sessions at once in every process: sign-out, "sign out everywhere", a new
 * password, removal from a project. Checked on every request by a primary-key lookup, uncached.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const SESSION_MAX_AGE_MS = SESSION_MAX_AGE_SECONDS * 1000;
/** Last seen (and the sliding expiry) is written at most this often per session, not per request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;
const USER_AGENT_MAX_LENGTH = 400;

type Deps = { db: Executor; clock: Clock };
export type SessionClient = { userAgent: string | null; ipAddress: string | null };

/** A new session for a user who just proved who they are; returns its id for the cookie. */
export async function startSession(
  deps: Deps,
  userId: string,
  client: SessionClient,
): Promise<string> {
  const now = deps.clock.now();
  const id = newId("ses", now.getTime());
  await deps.db.insert(sessions).values({
    id,
    userId,
    userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
    ipAddress: client.ipAddress,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
  });
  // Expired rows go when their user signs in again: no sweeper, and the table stays small.
  await deps.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  return id;
}

/**
 * Whether the session a cookie names is still valid for that user. Used while the session is in
 * use, it stays valid: its expiry moves forward (written at most every few minutes).
 */
export async function resumeSession(
  deps: Deps,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ userId: sessions.userId, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.userId !== userId) return false;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS) })
      .where(eq(sessions.id, sessionId));
  }
  return true;
}

/** Signing out: this one session ends. */
export async function endSession(db: Executor, sessionId: string, userId: string) {
  await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

/** Every session of a user ends (or every other one, with `except`). Returns how many ended. */
export async function endSessionsOfUser(
  db: Executor,
  userId: string,
  options: { except?: string } = {},
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        options.except ? ne(sessions.id, options.except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

export type ActiveSession = Pick<
  Session,
  "id" | "userAgent" | "ipAddress" | "createdAt" | "lastSeenAt"
>;

/** A user's valid sessions, most recently used first (their account page lists them). */
export async function listSessionsOfUser(deps: Deps, userId: string): Promise<ActiveSession[]> {
  return deps.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.clock.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
}
