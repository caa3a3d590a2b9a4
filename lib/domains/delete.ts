import { and, eq } from "drizzle-orm";
import { domains } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";

/**
 * DELETE /v1/domains/:id. Mail from the domain is refused from then on (422 on send); a project
 * default sender on it must be changed in Settings.
 */
export async function deleteDomain(ctx: ServiceContext, domainId: string) {
  authorize(ctx, "domains.manage");
  const [row] = await ctx.db
    .delete(domains)
    .where(and(eq(domains.projectId, ctx.projectId), eq(domains.id, domainId)))
    .returning({ id: domains.id });
  if (!row) throw new NotFoundError("Domain");
  return { id: row.id, deleted: true as const };
}
