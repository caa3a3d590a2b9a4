import { and, eq } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import { assertValidSource, findOwnTemplateOrThrow } from "./internal";
import { UpdateTemplateInput } from "./schemas";

/**
 * PATCH semantics: only the fields sent change. The source is checked against the resulting
 * format, so switching an HTML template to `blocks` without a blocks source is a 422.
 * System templates are read-only: 404.
 */
export async function updateTemplate(ctx: ServiceContext, templateId: string, input: unknown) {
  const values = parseInput(UpdateTemplateInput, input);
  const current = await findOwnTemplateOrThrow(ctx.db, ctx.projectId, templateId);
  if (values.format !== undefined || values.source !== undefined) {
    assertValidSource(values.format ?? current.format, values.source ?? current.source);
  }
  const [template] = await ctx.db
    .update(templates)
    .set({
      ...(values.name !== undefined && { name: values.name }),
      ...(values.subject !== undefined && { subject: values.subject }),
      ...(values.category !== undefined && { category: values.category }),
      ...(values.format !== undefined && { format: values.format }),
      ...(values.source !== undefined && { source: values.source }),
      updatedAt: ctx.clock.now(),
    })
    .where(
      and(
        eq(templates.id, templateId),
        eq(templates.projectId, ctx.projectId),
        eq(templates.isSystem, false),
      ),
    )
    .returning();
  // Deleted between the read and the write.
  if (!template) throw new NotFoundError("Template");
  return template;
}
