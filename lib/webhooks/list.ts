import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { ListWebhooksQuery } from "./schemas";
import { serializeWebhookSummary } from "./serialize";

export async function listWebhooks(ctx: ServiceContext, query: unknown) {
  const { limit, cursor } = parseInput(ListWebhooksQuery, query);
  const scope = `${ctx.projectId}:webhooks`;
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.projectId, ctx.projectId),
        beforeCursor(webhookEndpoints.createdAt, webhookEndpoints.id, decodeCursor(scope, cursor)),
      ),
    )
    .orderBy(...newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id))
    .limit(limit + 1);
  return toPage(rows, limit, scope, (r) => r, serializeWebhookSummary);
}
