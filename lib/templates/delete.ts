import { and, eq } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { ServiceContext } from "../context";
import { NotFoundError } from "../errors";

/** Deletes an own template; system templates and other projects' are 404. */
export async function deleteTemplate(ctx: ServiceContext, templateId: string) {
  const [row] = await ctx.db
    .delete(templates)
    .where(
      and(
        eq(templates.id, templateId),
        eq(templates.projectId, ctx.projectId),
        eq(templates.isSystem, false),
      ),
    )
    .returning({ id: templates.id });
  if (!row) throw new NotFoundError("Template");
  return { id: row.id, deleted: true as const };
}
