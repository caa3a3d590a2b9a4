import { and, count, eq, type SQL } from "drizzle-orm";
import { templates } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import type { TemplateCategory } from "./categories";
import { readableBy } from "./internal";
import { ListTemplatesQuery } from "./schemas";
import { serializeTemplate } from "./serialize";

/** Own templates, or with `scope=all` own ∪ system; newest first, keyset-paged. */
export async function listTemplates(ctx: ServiceContext, query: unknown) {
  const { limit, cursor, scope, category } = parseInput(ListTemplatesQuery, query);
  const listScope = `${ctx.projectId}:templates:${scope}`;
  const filters: (SQL | undefined)[] = [
    scope === "all" ? readableBy(ctx.projectId) : eq(templates.projectId, ctx.projectId),
    category !== undefined ? eq(templates.category, category) : undefined,
    beforeCursor(templates.createdAt, templates.id, decodeCursor(listScope, cursor)),
  ];
  const rows = await ctx.db
    .select()
    .from(templates)
    .where(and(...filters))
    .orderBy(...newestFirst(templates.createdAt, templates.id))
    .limit(limit + 1);
  return toPage(rows, limit, listScope, (r) => r, serializeTemplate);
}

/** How many own templates match the category filter (shown beside the paged table). */
export async function countOwnTemplates(ctx: ServiceContext, category?: TemplateCategory) {
  const conditions: (SQL | undefined)[] = [
    eq(templates.projectId, ctx.projectId),
    eq(templates.isSystem, false),
    category !== undefined ? eq(templates.category, category) : undefined,
  ];
  const [row] = await ctx.db
    .select({ n: count() })
    .from(templates)
    .where(and(...conditions));
  return row?.n ?? 0;
}
