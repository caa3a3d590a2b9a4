import type { ServiceContext } from "../context";
import { resolveDefaultSender, type ProjectSender } from "../sending/default-sender";
import { isDeliveryConfigured } from "../sending/transports";

export type TestSender = ProjectSender;

/** The sender of the editor's "send test email" (null: the dialog points to Settings → Domains). */
export function resolveTestSender(ctx: ServiceContext): Promise<TestSender | null> {
  return resolveDefaultSender(ctx.db, ctx.projectId);
}

/** Without SMTP_URL or RESEND_API_KEY a send is stored `queued` (DECISIONS §1). */
export function deliveryConfigured(ctx: ServiceContext): boolean {
  return isDeliveryConfigured(ctx.config);
}
