import { and, inArray } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { readableBy } from "./internal";

/**
 * The names of the templates among `ids` the project may read (its own and the gallery's), by
 * id, in one query; ids it may not read are left out.
 */
export async function readableTemplateNames(
  ctx: ServiceContext,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(and(inArray(templates.id, unique), readableBy(ctx.projectId)));
  return new Map(rows.map((t) => [t.id, t.name]));
}
