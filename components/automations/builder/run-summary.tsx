import { ChevronRight, Users } from "lucide-react";
import Link from "next/link";
import type { AutomationStats } from "@/lib/automations/stats";
import { formatCount } from "@/lib/web/dashboard/format";

/** "12 in progress · 40 completed · 1 failed", linking to the runs page. */
export function RunSummary({ href, runs }: { href: string; runs: AutomationStats["runs"] }) {
  const inProgress = runs.active + runs.delayed + runs.waiting + runs.paused;
  const parts =
    runs.total === 0
      ? ["No runs yet"]
      : [
          `${formatCount(inProgress)} in progress`,
          `${formatCount(runs.completed)} completed`,
          ...(runs.exited > 0 ? [`${formatCount(runs.exited)} exited`] : []),
        ];
  return (
    <Link
      href={href}
      className="group inline-flex items-center gap-1.5 rounded-md font-medium text-zinc-700 hover:text-indigo-600"
    >
      <Users aria-hidden className="size-3.5 text-zinc-400 group-hover:text-indigo-500" />
      <span className="sr-only">Runs: </span>
      {parts.join(" · ")}
      {runs.failed > 0 && (
        <>
          <span aria-hidden>·</span>
          <span className="text-red-600">{formatCount(runs.failed)} failed</span>
        </>
      )}
      <ChevronRight aria-hidden className="size-3.5 text-zinc-400 group-hover:text-indigo-500" />
    </Link>
  );
}
