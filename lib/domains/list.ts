import { and, asc, desc, eq, sql } from "drizzle-orm";
import { domains } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, PageQuery, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { serializeDomain } from "./serialize";

/** GET /v1/domains — newest first, keyset-paged. */
export async function listDomains(ctx: ServiceContext, query: unknown) {
  const { limit, cursor } = parseInput(PageQuery, query);
  const scope = `${ctx.projectId}:domains`;
  const rows = await ctx.db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.projectId, ctx.projectId),
        beforeCursor(domains.createdAt, domains.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(domains.createdAt, domains.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    scope,
    (r) => r,
    (r) => serializeDomain(r, ctx.config),
  );
}

/**
 * The domain a newcomer is pointed at (the overview's checklist): the first verified one, else
 * the first added; null while the project has none.
 */
export async function leadingDomain(ctx: ServiceContext) {
  const [domain] = await ctx.db
    .select({ id: domains.id, name: domains.name, status: domains.status })
    .from(domains)
    .where(eq(domains.projectId, ctx.projectId))
    .orderBy(desc(sql`${domains.status} = 'verified'`), asc(domains.createdAt), asc(domains.id))
    .limit(1);
  return domain ?? null;
}
