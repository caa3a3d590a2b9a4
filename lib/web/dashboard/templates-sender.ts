import type { ServiceContext } from "@/lib/core/context";
import type { ProjectSender } from "@/lib/sending/default-sender";
import { liveTestSender } from "@/lib/sending/test-send";

export type TestSender = ProjectSender;

/** The sender of the editor's "send test email" (null: the test is simulated, lib/sending/test-send). */
export function resolveTestSender(ctx: ServiceContext): Promise<TestSender | null> {
  return liveTestSender(ctx.db, ctx.projectId);
}

/** Without a relay (Settings → Delivery) or SMTP_URL / RESEND_API_KEY a send waits `queued`. */
export function deliveryConfigured(ctx: ServiceContext): Promise<boolean> {
  return ctx.transports.canDeliver(ctx.projectId);
}
