import { AlertTriangle, Eye, MousePointerClick, XCircle } from "lucide-react";
import type { StoryItem } from "@/lib/contacts/timeline";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";

type Activity = Extract<StoryItem, { kind: "email" }>["email"]["activity"][number];

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** What happened to an email after it went out: opens, clicks (which link), bounces, complaints. */
export function EmailActivityList({
  activity,
  opens,
  clicks,
  now,
}: {
  activity: Activity[];
  opens: number;
  clicks: number;
  now: Date;
}) {
  if (activity.length === 0) return null;
  const shownOpens = activity.filter((a) => a.type === "opened").length;
  const shownClicks = activity.filter((a) => a.type === "clicked").length;
  const hidden = Math.max(0, opens - shownOpens) + Math.max(0, clicks - shownClicks);
  return (
    <ul aria-label="Email activity" className="mt-1.5 grid gap-1 border-l-2 border-zinc-100 pl-3">
      {activity.map((entry, index) => {
        const at = new Date(entry.at);
        const url = text(entry.data.url);
        const reason = text(entry.data.reason) ?? text(entry.data.diagnostic);
        return (
          <li key={index} className="flex min-w-0 items-center gap-1.5 text-[13px] text-zinc-600">
            {entry.type === "opened" ? (
              <Eye aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
            ) : entry.type === "clicked" ? (
              <MousePointerClick aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
            ) : entry.type === "complained" ? (
              <AlertTriangle aria-hidden className="size-3.5 shrink-0 text-orange-500" />
            ) : (
              <XCircle aria-hidden className="size-3.5 shrink-0 text-red-500" />
            )}
            <span className="shrink-0">{LABELS[entry.type] ?? entry.type}</span>
            {url && (
              <a
                href={url}
                target="_blank"
                rel="noreferrer noopener"
                className="min-w-0 truncate font-mono text-xs text-indigo-600 hover:text-indigo-500"
                title={url}
              >
                {url.replace(/^https?:\/\//, "")}
              </a>
            )}
            {!url && reason && <span className="min-w-0 truncate text-zinc-500">{reason}</span>}
            <time
              dateTime={entry.at}
              title={formatDateTime(at)}
              className="ml-auto shrink-0 pl-2 text-xs text-zinc-400"
            >
              {relativeTime(at, now)}
            </time>
          </li>
        );
      })}
      {hidden > 0 && (
        <li className="text-xs text-zinc-500">
          and {hidden} earlier {hidden === 1 ? "open or click" : "opens and clicks"}
        </li>
      )}
    </ul>
  );
}

const LABELS: Record<string, string> = {
  opened: "Opened",
  clicked: "Clicked",
  bounced: "Bounced",
  complained: "Marked as spam",
  failed: "Delivery failed",
};
