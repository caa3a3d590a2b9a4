"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { campaignReportAction } from "@/lib/web/dashboard/actions/campaigns";
import type { CampaignReport } from "@/lib/campaigns/report/report";
import { useVisiblePoll } from "../../ui/use-visible-poll";
import { AFTER_SEND_LIVE_MS } from "./report-status";

const POLL_MS = 3_000;
/** A scheduled campaign changes only when its time comes: a slower poll notices that. */
const SCHEDULED_POLL_MS = 30_000;
/** Every email final, or waiting for a provider: opens, clicks and late reports trickle in. */
const SETTLED_POLL_MS = 15_000;

/**
 * The campaign's report, kept fresh while it is queued, sending or has emails in flight (every
 * few seconds), and for an hour after the last one became final (every 15 s): polled while the
 * tab is visible, not at all while hidden, at once when shown again. One request at a time; a
 * failed poll just waits for the next. Back to draft (cancelled elsewhere) or deleted: the page
 * re-renders from the server.
 */
export function useCampaignReport(initial: CampaignReport) {
  const router = useRouter();
  const [report, setReport] = useState(initial);
  const [seen, setSeen] = useState(initial);
  // When this page saw the last email become final; before that (or opened later), the
  // campaign's sent_at is the best guess of when the last email left.
  const [settledAt, setSettledAt] = useState<string | null>(null);
  // A server re-render (after a cancel, a refresh) hands in a newer report: it wins.
  if (seen !== initial) {
    setSeen(initial);
    setReport(initial);
  }
  const { status, scheduled_at, sent_at } = report.campaign;
  const inFlight = report.delivery?.inFlight ?? 0;
  const waitingForProvider =
    report.delivery !== null && !report.delivery.deliveryConfigured && report.delivery.queued > 0;
  const scheduled =
    status === "queued" &&
    scheduled_at !== null &&
    Date.parse(scheduled_at) > Date.parse(report.now);
  const lastSend = settledAt ?? sent_at;
  const settling =
    status === "sent" &&
    lastSend !== null &&
    Date.parse(report.now) < Date.parse(lastSend) + AFTER_SEND_LIVE_MS;
  const live =
    status === "queued" || status === "sending" || (status === "sent" && inFlight > 0) || settling;
  const interval = scheduled
    ? SCHEDULED_POLL_MS
    : (status === "sent" && inFlight === 0) || waitingForProvider
      ? SETTLED_POLL_MS
      : POLL_MS;
  const id = report.campaign.id;

  useVisiblePoll(live, interval, async () => {
    const next = await campaignReportAction(id);
    if (next === null || next.campaign.status === "draft") {
      router.refresh();
      return "stop";
    }
    if (inFlight > 0 && next.delivery?.inFlight === 0) setSettledAt(next.now);
    setReport(next);
  });

  return report;
}
