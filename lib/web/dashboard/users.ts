import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Executor } from "@/db";

/** The signed-in user's row (lib/users has no lookup by id); null once the user is deleted. */
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
