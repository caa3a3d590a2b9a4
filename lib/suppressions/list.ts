import { and, eq } from "drizzle-orm";
import { suppressions } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { ListSuppressionsQuery } from "./schemas";
import { serializeSuppression } from "./serialize";

/** Newest first. Suppressions have no id: the email (unique per project) breaks ties. */
export async function listSuppressions(ctx: ServiceContext, query: unknown) {
  const { limit, cursor } = parseInput(ListSuppressionsQuery, query);
  const scope = `${ctx.projectId}:suppressions`;
  const rows = await ctx.db
    .select()
    .from(suppressions)
    .where(
      and(
        eq(suppressions.projectId, ctx.projectId),
        beforeCursor(suppressions.createdAt, suppressions.email, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(suppressions.createdAt, suppressions.email))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    scope,
    (r) => ({ createdAt: r.createdAt, id: r.email }),
    serializeSuppression,
  );
}
