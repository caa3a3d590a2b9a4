"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { campaignReportAction } from "@/lib/dashboard/actions/campaigns";
import type { CampaignReport } from "@/lib/dashboard/campaign-report";
import { useVisiblePoll } from "../../ui/use-visible-poll";

const POLL_MS = 3_000;
/** A scheduled campaign changes only when its time comes: a slower poll notices that. */
const SCHEDULED_POLL_MS = 30_000;

/**
 * The campaign's report, kept fresh while it is queued or sending: polled every few seconds
 * while the tab is visible, not at all while hidden, at once when shown again. One request at
 * a time; a failed poll just waits for the next. Back to draft (cancelled elsewhere) or deleted:
 * the page re-renders from the server.
 */
export function useCampaignReport(initial: CampaignReport) {
  const router = useRouter();
  const [report, setReport] = useState(initial);
  const [seen, setSeen] = useState(initial);
  // A server re-render (after a cancel, a refresh) hands in a newer report: it wins.
  if (seen !== initial) {
    setSeen(initial);
    setReport(initial);
  }
  const { status, scheduled_at } = report.campaign;
  const live = status === "queued" || status === "sending";
  const scheduled =
    status === "queued" &&
    scheduled_at !== null &&
    Date.parse(scheduled_at) > Date.parse(report.now);
  const id = report.campaign.id;

  useVisiblePoll(live, scheduled ? SCHEDULED_POLL_MS : POLL_MS, async () => {
    const next = await campaignReportAction(id);
    if (next === null || next.campaign.status === "draft") {
      router.refresh();
      return "stop";
    }
    setReport(next);
  });

  return report;
}
