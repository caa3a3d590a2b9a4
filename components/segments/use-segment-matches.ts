"use client";

import { useEffect, useState } from "react";
import { segmentMatchesAction, type SegmentMatches } from "@/lib/web/dashboard/actions/segments";

export type MatchesState =
  | { state: "loading"; last?: Extract<SegmentMatches, { ok: true }> }
  | { state: "incomplete"; message: string }
  | { state: "error"; message: string }
  | { state: "ready"; count: number; contacts: Extract<SegmentMatches, { ok: true }>["contacts"] };

const DEBOUNCE_MS = 350;

/**
 * The live count and preview of the conditions as they are edited: asked for once typing pauses,
 * only the latest answer shown, the previous count kept (dimmed) while the next one loads.
 * `incomplete` (a rule still missing a part) is shown without asking the server.
 */
export function useSegmentMatches(conditions: unknown, incomplete: string | null): MatchesState {
  const key = incomplete ? null : JSON.stringify(conditions);
  const [answer, setAnswer] = useState<{ key: string; result: SegmentMatches } | null>(null);
  const [last, setLast] = useState<Extract<SegmentMatches, { ok: true }> | undefined>();

  useEffect(() => {
    if (key === null) return;
    let current = true;
    const timer = setTimeout(() => {
      segmentMatchesAction(JSON.parse(key))
        .then((result) => {
          if (!current) return;
          setAnswer({ key, result });
          if (result.ok) setLast(result);
        })
        .catch(() => {
          if (current)
            setAnswer({ key, result: { ok: false, message: "The count could not be loaded." } });
        });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);

  if (incomplete) return { state: "incomplete", message: incomplete };
  if (!answer || answer.key !== key) return { state: "loading", last };
  if (!answer.result.ok) return { state: "error", message: answer.result.message };
  return { state: "ready", count: answer.result.count, contacts: answer.result.contacts };
}
