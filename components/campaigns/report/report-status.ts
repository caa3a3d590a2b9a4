import type { CampaignReport } from "@/lib/campaigns/report/report";
import { displayStatus, type CampaignDisplayStatus } from "../campaign-status-badge";

/**
 * The state the report shows. Status `sent` means every recipient has an email, not that they
 * were delivered: while any is still `queued` or `sent` the report keeps saying "Sending"; when
 * the ones queued cannot leave because no provider is configured, "Waiting" (it would otherwise
 * spin until someone sets SMTP_URL or RESEND_API_KEY and restarts the worker).
 */
export function reportStatus(report: CampaignReport): CampaignDisplayStatus {
  const status = displayStatus(report.campaign, new Date(report.now));
  const delivery = report.delivery;
  if ((status !== "sending" && status !== "sent") || !delivery) return status;
  if (!delivery.deliveryConfigured && delivery.queued > 0) return "waiting";
  return delivery.inFlight > 0 ? "sending" : status;
}

/** Polls while emails are in flight, and for this long after, since opens, clicks and late bounces keep arriving. */
export const AFTER_SEND_LIVE_MS = 60 * 60 * 1000;
