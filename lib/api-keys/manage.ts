import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { NotFoundError } from "@/lib/core/errors";
import { authorize } from "@/lib/core/permissions";
import { forgetCachedKey } from "./authenticate";
import { newestFirst } from "@/lib/core/pagination";

/** The project's keys (hints only, never secrets), for Settings → API keys. */
export async function listApiKeys(ctx: ServiceContext) {
  return ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.projectId, ctx.projectId))
    .orderBy(...newestFirst(apiKeys.createdAt, apiKeys.id));
}

export async function revokeApiKey(ctx: ServiceContext, keyId: string) {
  authorize(ctx, "api_keys.manage");
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(eq(apiKeys.id, keyId), eq(apiKeys.projectId, ctx.projectId), isNull(apiKeys.revokedAt)),
    )
    .returning();
  if (!row) throw new NotFoundError("API key");
  forgetCachedKey(ctx.caches, row.keyHash);
  return row;
}
