import Link from "next/link";
import type { RunStatus } from "@/db/schema";
import { formatCount } from "@/lib/web/dashboard/format";
import { cn } from "../../ui/cn";
import { RUN_STATUS_LABELS } from "./run-status-badge";

export function runsHref(automationId: string, filters: { status?: RunStatus; cursor?: string }) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.cursor) params.set("cursor", filters.cursor);
  const query = params.toString();
  return `/automations/${automationId}/runs${query ? `?${query}` : ""}`;
}

/**
 * Status tabs with how many runs each holds; links, so the filter lives in the URL and needs no
 * JS. Narrow screens scroll the tabs sideways rather than wrapping them.
 */
export function RunsToolbar({
  automationId,
  status,
  counts,
}: {
  automationId: string;
  status?: RunStatus;
  counts: Record<RunStatus, number> & { total: number };
}) {
  const tabs = [
    { label: "All", value: undefined, count: counts.total },
    // In the labels' order; the Record type makes the labels name every status.
    ...(Object.keys(RUN_STATUS_LABELS) as RunStatus[]).map((value) => ({
      label: RUN_STATUS_LABELS[value],
      value,
      count: counts[value],
    })),
  ];
  return (
    <div className="border-b border-zinc-100 px-4 py-3 sm:px-5">
      <nav
        aria-label="Status filter"
        className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 [&::-webkit-scrollbar]:hidden"
      >
        <div className="flex w-max gap-1 rounded-lg bg-zinc-100 p-0.5">
          {tabs.map((tab) => {
            const active = status === tab.value;
            return (
              <Link
                key={tab.label}
                href={runsHref(automationId, { status: tab.value })}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-1.5 rounded-md px-3 py-1 text-[13px] font-medium whitespace-nowrap transition-colors",
                  active ? "bg-white text-zinc-900 shadow-xs" : "text-zinc-500 hover:text-zinc-800",
                )}
              >
                {tab.label}
                <span
                  className={cn(
                    "text-xs tabular-nums",
                    active ? "text-zinc-500" : "text-zinc-400",
                    tab.count === 0 && "opacity-70",
                  )}
                >
                  {formatCount(tab.count)}
                </span>
              </Link>
            );
          })}
        </div>
      </nav>
    </div>
  );
}
