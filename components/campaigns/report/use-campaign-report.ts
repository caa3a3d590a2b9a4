"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { campaignReportAction } from "@/lib/dashboard/actions/campaigns";
import type { CampaignReport } from "@/lib/dashboard/campaign-report";

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

  useEffect(() => {
    if (!live) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let stopped = false;
    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && document.visibilityState === "visible") {
        timer = setTimeout(() => void refresh(), scheduled ? SCHEDULED_POLL_MS : POLL_MS);
      }
    };
    const refresh = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        const next = await campaignReportAction(id);
        if (stopped) return;
        if (next === null || next.campaign.status === "draft") {
          stopped = true;
          router.refresh();
        } else setReport(next);
      } catch {
        // Try again on the next tick.
      } finally {
        inFlight = false;
      }
      schedule();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") void refresh();
      else clearTimeout(timer);
    };
    schedule();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [id, live, scheduled, router]);

  return report;
}
