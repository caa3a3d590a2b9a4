import { and, count, eq, isNull, sql } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";

/** Active keys and whether any of them has made a request yet (getting-started checklist). */
export async function apiKeyUsage(ctx: ServiceContext) {
  const [row] = await ctx.db
    .select({
      active: count(),
      used: sql<number>`count(${apiKeys.lastUsedAt})`.mapWith(Number),
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, ctx.projectId), isNull(apiKeys.revokedAt)));
  return { active: row?.active ?? 0, used: row?.used ?? 0 };
}
