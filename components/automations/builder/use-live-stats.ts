"use client";

import type { AutomationStatus } from "@/db/schema";
import { useMemo, useState } from "react";
import type { AutomationStats } from "@/lib/automations/stats";
import { automationStatsAction } from "@/lib/web/dashboard/actions/automations";
import { useVisiblePoll } from "../../ui/use-visible-poll";
import type { StepCounts } from "./flow-nodes";
import type { Step } from "./graph";
import { STEP_HEIGHT } from "./layout";

const POLL_MS = 5_000;
const NO_COUNTS: StepCounts = { entered: 0, completed: 0, failed: 0, waiting: 0 };
/** Cards grow by the counts strip when counts show. */
const COUNTED_STEP_HEIGHT = 104;

/**
 * What the canvas shows of the runs: per-step counts once contacts can be (or have been) in the
 * flow, i.e. the automation is live or has ever had runs; steps added since the last save show
 * zeros. `counts` is undefined while the counts are hidden.
 */
export function useLiveCounts(
  automationId: string,
  initial: AutomationStats,
  initialAt: Date,
  status: AutomationStatus,
  steps: readonly Step[],
) {
  const shown = status !== "draft" || initial.runs.total > 0;
  const { stats, at } = useLiveStats(automationId, initial, initialAt, shown);
  const counts = useMemo(
    () => (shown ? new Map(steps.map((s) => [s.id, stats.steps[s.id] ?? NO_COUNTS])) : undefined),
    [shown, steps, stats.steps],
  );
  return {
    runs: stats.runs,
    latestError: stats.latestError,
    /** When the counters were read: "3 minutes ago" is measured from it. */
    at,
    counts,
    stepHeight: shown ? COUNTED_STEP_HEIGHT : STEP_HEIGHT,
  };
}

/**
 * The automation's run counters, kept fresh while the page is open: polled every few seconds
 * while the tab is visible, not at all while it is hidden, and at once when it is shown again.
 * One request at a time; a failed poll (offline, server restarting) just waits for the next.
 */
export function useLiveStats(
  automationId: string,
  initial: AutomationStats,
  initialAt: Date,
  enabled: boolean,
) {
  const [live, setLive] = useState({ stats: initial, at: initialAt });
  useVisiblePoll(enabled, POLL_MS, async () => {
    const next = await automationStatsAction(automationId);
    // Deleted in another tab: nothing more to count (saving will say so).
    if (next === null) return "stop";
    // Unchanged counters keep their identity, so the canvas does not re-render for nothing.
    setLive((prev) => (sameStats(prev.stats, next) ? prev : { stats: next, at: new Date() }));
  });
  return live;
}

function sameStats(a: AutomationStats, b: AutomationStats) {
  return JSON.stringify(a) === JSON.stringify(b);
}
