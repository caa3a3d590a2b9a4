import { and, eq } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { findTemplateDependants, type TemplateDependant } from "./dependants";

/** 409 `template_in_use`: `details` names each automation and unsent campaign that uses it. */
export class TemplateInUseError extends ConflictError {
  constructor(readonly dependants: TemplateDependant[]) {
    super(
      `This template is used by ${describe(dependants)}: switch them to another template first.`,
      "template_in_use",
      dependants.map((d) => ({
        path: `${d.type}s/${d.id}`,
        message: `${d.status} ${d.type} "${d.name}" uses this template`,
        ...d,
      })),
    );
  }
}

function describe(dependants: TemplateDependant[]): string {
  const count = (type: TemplateDependant["type"]) => {
    const n = dependants.filter((d) => d.type === type).length;
    return n === 0 ? null : `${n} ${type}${n === 1 ? "" : "s"}`;
  };
  return [count("automation"), count("campaign")].filter(Boolean).join(" and ");
}

/**
 * Deletes an own template; system templates and other projects' are 404. A template an
 * automation or an unsent campaign still uses is refused (409): its next send would fail.
 */
export async function deleteTemplate(ctx: ServiceContext, templateId: string) {
  return ctx.db.transaction(async (tx) => {
    const [template] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(
        and(
          eq(templates.id, templateId),
          eq(templates.projectId, ctx.projectId),
          eq(templates.isSystem, false),
        ),
      )
      .for("update");
    if (!template) throw new NotFoundError("Template");
    const dependants = await findTemplateDependants(tx, ctx.projectId, templateId);
    if (dependants.length > 0) throw new TemplateInUseError(dependants);
    await tx.delete(templates).where(eq(templates.id, template.id));
    return { id: template.id, deleted: true as const };
  });
}
