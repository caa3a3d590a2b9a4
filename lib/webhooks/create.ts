import { webhookEndpoints } from "@/db/schema";
import type { ServiceContext } from "@/lib/core/context";
import { newId } from "@/lib/core/ids";
import { parseInput } from "@/lib/core/validation";
import { WEBHOOK_EVENT_TYPES } from "./event-types";
import { webhookInputSchemas } from "./schemas";
import { newWebhookSecret } from "./signature";
import { authorize } from "@/lib/core/permissions";

/**
 * Registers an endpoint. Without `events` it receives every type, including types added in a
 * later version (`all_events`); a list receives exactly those types.
 */
export async function createWebhook(ctx: ServiceContext, input: unknown) {
  authorize(ctx, "webhooks.manage");
  const values = parseInput(webhookInputSchemas(ctx.config).CreateWebhookInput, input);
  const now = ctx.clock.now();
  const [endpoint] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      id: newId("wh", now.getTime()),
      projectId: ctx.projectId,
      url: values.url,
      description: values.description ?? null,
      events: values.events ?? [...WEBHOOK_EVENT_TYPES],
      allEvents: values.events === undefined,
      secret: newWebhookSecret(),
      active: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return endpoint!;
}
