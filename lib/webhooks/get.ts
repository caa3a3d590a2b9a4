import type { ServiceContext } from "@/lib/core/context";
import { findWebhookOrThrow } from "./internal";
import { authorize } from "@/lib/core/permissions";

export async function getWebhook(ctx: ServiceContext, webhookId: string) {
  authorize(ctx, "webhooks.manage");
  return findWebhookOrThrow(ctx.db, ctx.projectId, webhookId);
}
