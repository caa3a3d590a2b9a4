import { and, eq } from "drizzle-orm";
import { automations } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";

/** Deletes an automation; its runs (and their step history) go with it by FK cascade. */
export async function deleteAutomation(ctx: ServiceContext, automationId: string) {
  const [row] = await ctx.db
    .delete(automations)
    .where(and(eq(automations.projectId, ctx.projectId), eq(automations.id, automationId)))
    .returning({ id: automations.id });
  if (!row) throw new NotFoundError("Automation");
  return { id: row.id, deleted: true as const };
}
