import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { memberships, projects, users } from "@/db/schema";
import type { Executor } from "@/db";
import type { Clock } from "@/lib/core/clock";
import { withTransaction } from "@/lib/core/context";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { EmailAddress, parseInput } from "@/lib/core/validation";
import { hashPassword, NewPassword, verifyPassword } from "./password";
import { replacePassword } from "./set-password";

export const CreateUserInput = z.object({
  email: EmailAddress,
  password: NewPassword,
  name: z.string().trim().max(200).optional(),
  role: z.enum(["admin", "member"]).default("admin"),
  projectId: z.string().optional(),
});

/**
 * Creates a dashboard user and, when given a project, their membership in it.
 * `mustChangePassword`: the password was generated (first boot), so the first sign-in replaces it.
 */
export async function createUser(
  db: Executor,
  input: unknown,
  options: { mustChangePassword?: boolean } = {},
) {
  const values = parseInput(CreateUserInput, input);
  const passwordHash = await hashPassword(values.password);
  return withTransaction(db, (tx) =>
    insertUser(tx, { ...values, passwordHash, mustChangePassword: options.mustChangePassword }),
  );
}

/**
 * The inserts behind createUser, for callers that hashed the password already (an invitation
 * is accepted in one transaction, and scrypt should not run while it holds locks).
 */
export async function insertUser(
  tx: Executor,
  values: {
    email: string;
    name?: string | null;
    passwordHash: string;
    projectId?: string;
    role: "admin" | "member";
    mustChangePassword?: boolean;
  },
) {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, values.email));
  if (existing)
    throw new ConflictError(`A user with email ${values.email} already exists.`, "user_exists");
  if (values.projectId) {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, values.projectId));
    if (!project) throw new NotFoundError("Project");
  }
  const [user] = await tx
    .insert(users)
    .values({
      id: newId("usr"),
      email: values.email,
      name: values.name ?? null,
      passwordHash: values.passwordHash,
      mustChangePassword: values.mustChangePassword ?? false,
    })
    // Two concurrent creations of one email: the loser gets the same 409.
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user)
    throw new ConflictError(`A user with email ${values.email} already exists.`, "user_exists");
  if (values.projectId) {
    await tx
      .insert(memberships)
      .values({ userId: user.id, projectId: values.projectId, role: values.role });
  }
  return { user, role: values.role };
}

export const SetPasswordInput = z.object({
  email: EmailAddress,
  password: CreateUserInput.shape.password,
});

/**
 * Gives an account a new password (the operator's reset) and ends every session it has: whoever
 * was signed in, possibly with the old password, must sign in with the new one.
 */
export async function setUserPassword(deps: { db: Executor; clock: Clock }, input: unknown) {
  const { email, password } = parseInput(SetPasswordInput, input);
  const passwordHash = await hashPassword(password);
  return withTransaction(deps.db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new NotFoundError(`User ${email}`);
    const endedSessions = await replacePassword(tx, user.id, passwordHash, deps.clock.now());
    return { user: { id: user.id, email: user.email }, endedSessions };
  });
}

/** The user with this (normalized) email, or null. */
export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user ?? null;
}

/**
 * The account a session names, with what the dashboard shows and checks on every request (not
 * the password hash); null once the user is deleted.
 */
export async function findUserById(db: Executor, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

/** Checks a login; returns the user or null (never says which half was wrong). */
export async function verifyCredentials(db: Executor, email: string, password: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) {
    // Spend the same time as a real check so response timing does not reveal unknown emails.
    await verifyPassword(password, DUMMY_HASH);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}
const DUMMY_HASH =
  "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export async function projectsOfUser(db: Executor, userId: string) {
  return db
    .select({ id: projects.id, name: projects.name, role: memberships.role })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(eq(memberships.userId, userId))
    .orderBy(projects.createdAt);
}

export async function membershipOf(db: Executor, userId: string, projectId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.projectId, projectId)));
  return row ?? null;
}

/**
 * Adds an existing user to another project (createUser links a user to one project, at
 * creation). Idempotent: an existing membership keeps its role.
 */
export async function addMembership(
  db: Executor,
  input: { userId: string; projectId: string; role: "admin" | "member" },
) {
  await db.insert(memberships).values(input).onConflictDoNothing();
}
