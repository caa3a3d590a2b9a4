import type { ServiceContext } from "../context";
import { findWebhookOrThrow } from "./internal";

export async function getWebhook(ctx: ServiceContext, webhookId: string) {
  return findWebhookOrThrow(ctx.db, ctx.projectId, webhookId);
}
