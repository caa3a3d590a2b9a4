import type { ServiceContext } from "../context";
import { findWebhookOrThrow } from "./internal";
import { authorize } from "../permissions";

export async function getWebhook(ctx: ServiceContext, webhookId: string) {
  authorize(ctx, "webhooks.manage");
  return findWebhookOrThrow(ctx.db, ctx.projectId, webhookId);
}
