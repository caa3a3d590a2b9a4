import { and, eq } from "drizzle-orm";
import { contactImports } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";

export async function getContactImport(ctx: ServiceContext, importId: string) {
  const [job] = await ctx.db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.projectId, ctx.projectId), eq(contactImports.id, importId)));
  if (!job) throw new NotFoundError("Import");
  return job;
}
