"use client";

import { useEffect, useRef } from "react";

/**
 * Calls `poll` every `intervalMs` while `enabled` and the tab is visible, not at all while it is
 * hidden, and at once when it is shown again. One call at a time; a failed call just waits for
 * the next tick. `poll` returns "stop" when there is nothing more to watch.
 */
export function useVisiblePoll(
  enabled: boolean,
  intervalMs: number,
  poll: () => Promise<"stop" | void>,
) {
  // The latest callback, so a re-render does not restart the timer.
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let stopped = false;

    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && document.visibilityState === "visible") {
        timer = setTimeout(() => void tick(), intervalMs);
      }
    };
    const tick = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        if ((await latest.current()) === "stop") stopped = true;
      } catch {
        // Try again on the next tick.
      } finally {
        inFlight = false;
      }
      schedule();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") void tick();
      else clearTimeout(timer);
    };

    schedule();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [enabled, intervalMs]);
}
