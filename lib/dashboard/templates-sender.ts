import type { ServiceContext } from "../context";
import type { ProjectSender } from "../sending/default-sender";
import { liveTestSender } from "../sending/test-send";
import { isDeliveryConfigured } from "../sending/transports";

export type TestSender = ProjectSender;

/** The sender of the editor's "send test email" (null: the test is simulated, lib/sending/test-send). */
export function resolveTestSender(ctx: ServiceContext): Promise<TestSender | null> {
  return liveTestSender(ctx.db, ctx.projectId);
}

/** Without SMTP_URL or RESEND_API_KEY a send is stored `queued` (DECISIONS §1). */
export function deliveryConfigured(ctx: ServiceContext): boolean {
  return isDeliveryConfigured(ctx.config);
}
