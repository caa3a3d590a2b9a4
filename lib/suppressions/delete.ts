import { and, eq } from "drizzle-orm";
import { suppressions } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";

/** DELETE /v1/suppressions/:email — the address can be sent to again. Case-insensitive. */
export async function deleteSuppression(ctx: ServiceContext, email: string) {
  const [row] = await ctx.db
    .delete(suppressions)
    .where(
      and(
        eq(suppressions.projectId, ctx.projectId),
        eq(suppressions.email, email.trim().toLowerCase()),
      ),
    )
    .returning({ email: suppressions.email });
  if (!row) throw new NotFoundError("Suppression");
  return { email: row.email, deleted: true as const };
}
