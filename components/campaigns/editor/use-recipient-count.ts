"use client";

import { useEffect, useState } from "react";
import { recipientCountAction } from "@/lib/web/dashboard/actions/campaigns";

export type RecipientCount =
  | { state: "loading" }
  | { state: "ready"; count: number }
  | { state: "missing" }
  | { state: "error" };

/**
 * How many contacts the chosen audience reaches now (subscribed, not suppressed, not opted out
 * of the topic; a required notice counts the unsubscribed too), refreshed whenever it changes.
 * Only the latest answer counts: quick switches never show a stale number. A segment not chosen yet counts nobody without asking.
 */
export function useRecipientCount(
  target: "all" | "segment",
  segment: string | null,
  topic: string | null,
  requiredNotice: boolean,
) {
  const audience = target === "all" ? "all" : (segment ?? "");
  const key = audience && `${audience}|${topic ?? ""}|${requiredNotice}`;
  const [result, setResult] = useState<{ key: string; count: RecipientCount } | null>(null);

  useEffect(() => {
    if (key === "") return;
    let current = true;
    recipientCountAction({ target, segment, topic, required_notice: requiredNotice })
      .then((count) => {
        if (!current) return;
        setResult({
          key,
          count: count === null ? { state: "missing" } : { state: "ready", count },
        });
      })
      .catch(() => current && setResult({ key, count: { state: "error" } }));
    return () => {
      current = false;
    };
  }, [key, target, segment, topic, requiredNotice]);

  if (key === "") return { state: "ready", count: 0 } as RecipientCount;
  return result?.key === key ? result.count : ({ state: "loading" } as RecipientCount);
}
