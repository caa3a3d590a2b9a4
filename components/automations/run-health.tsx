import { CircleAlert } from "lucide-react";
import Link from "next/link";
import type { LatestRunError } from "@/lib/automations/health";
import { formatCount, formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { cn } from "../ui/cn";

/**
 * "2 failed runs · 3 hours ago: Template not found.": how many runs failed and the latest
 * error, linking to the failed runs. Nothing when no run failed.
 */
export function RunHealth({
  automationId,
  failed,
  latestError,
  now,
  className,
}: {
  automationId: string;
  failed: number;
  latestError: LatestRunError | null;
  now: Date;
  className?: string;
}) {
  if (failed === 0) return null;
  const at = latestError?.at ? new Date(latestError.at) : null;
  return (
    <Link
      href={`/automations/${automationId}/runs?status=failed`}
      className={cn(
        "group flex min-w-0 items-start gap-1.5 text-xs text-red-700 hover:text-red-800",
        className,
      )}
    >
      <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
      <span className="line-clamp-2 min-w-0">
        <span className="font-semibold whitespace-nowrap group-hover:underline">
          {formatCount(failed)} failed {failed === 1 ? "run" : "runs"}
        </span>
        {latestError && (
          <>
            <span className="text-red-600/80">
              {" · latest "}
              {at && (
                <time dateTime={at.toISOString()} title={formatDateTime(at)}>
                  {relativeTime(at, now)}
                </time>
              )}
              {": "}
            </span>
            <span className="break-words">{latestError.message}</span>
          </>
        )}
      </span>
    </Link>
  );
}
