import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, type WebhookAttempt } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { beforeCursor, decodeCursor, newestFirst, toPage } from "@/lib/core/pagination";
import { parseInput } from "@/lib/core/validation";
import { findWebhookOrThrow } from "./internal";
import { ListDeliveriesQuery } from "./schemas";
import { serializeDelivery } from "./serialize";

/** GET /v1/webhooks/:id/deliveries: newest first, each with its attempts (oldest first). */
export async function listWebhookDeliveries(
  ctx: ServiceContext,
  webhookId: string,
  query: unknown,
) {
  const { limit, cursor, status } = parseInput(ListDeliveriesQuery, query);
  await findWebhookOrThrow(ctx.db, ctx.projectId, webhookId);
  const scope = `${ctx.projectId}:webhook-deliveries:${webhookId}`;
  const filters: (SQL | undefined)[] = [
    eq(webhookDeliveries.projectId, ctx.projectId),
    eq(webhookDeliveries.endpointId, webhookId),
    status !== undefined ? eq(webhookDeliveries.status, status) : undefined,
    beforeCursor(webhookDeliveries.createdAt, webhookDeliveries.id, decodeCursor(scope, cursor)),
  ];
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(...filters))
    .orderBy(...newestFirst(webhookDeliveries.createdAt, webhookDeliveries.id))
    .limit(limit + 1);
  const attemptsOf = await attemptsByDelivery(
    ctx,
    rows.slice(0, limit).map((r) => r.id),
  );
  return toPage(
    rows,
    limit,
    scope,
    (r) => r,
    (r) => serializeDelivery(r, attemptsOf.get(r.id) ?? []),
  );
}

async function attemptsByDelivery(ctx: ServiceContext, deliveryIds: string[]) {
  const byDelivery = new Map<string, WebhookAttempt[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const attempts = await ctx.db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.deliveryId) ?? [];
    list.push(attempt);
    byDelivery.set(attempt.deliveryId, list);
  }
  return byDelivery;
}
