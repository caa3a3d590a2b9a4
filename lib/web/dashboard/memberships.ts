import { memberships } from "@/db/schema";
import type { Executor } from "@/db";

/**
 * Adds an existing user to another project (lib/users only links a user to one project, at
 * creation). Idempotent: an existing membership keeps its role.
 */
export async function addMembership(
  db: Executor,
  input: { userId: string; projectId: string; role: "admin" | "member" },
) {
  await db.insert(memberships).values(input).onConflictDoNothing();
}
