import { templates } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import { parseInput } from "@/lib/core/validation";
import { EMPTY_BLOCKS_SOURCE } from "./blocks";
import { DEFAULT_TEMPLATE_CATEGORY } from "./categories";
import { assertValidSource } from "./internal";
import { CreateTemplateInput } from "./schemas";

/** POST /v1/templates semantics: subject defaults to the name, category to the first one. */
export async function createTemplate(ctx: ServiceContext, input: unknown) {
  const values = parseInput(CreateTemplateInput, input);
  const format = values.format ?? "blocks";
  const source = values.source ?? (format === "blocks" ? EMPTY_BLOCKS_SOURCE : "");
  assertValidSource(format, source);
  const now = ctx.clock.now();
  const [template] = await ctx.db
    .insert(templates)
    .values({
      id: newId("tpl", now.getTime()),
      projectId: ctx.projectId,
      name: values.name,
      category: values.category ?? DEFAULT_TEMPLATE_CATEGORY,
      subject: values.subject ?? values.name.replace(/[\r\n]+/g, " "),
      source,
      format,
      isSystem: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return template!;
}
