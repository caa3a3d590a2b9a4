import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { RunListItem } from "@/lib/automations/run-list";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { cn } from "../../ui/cn";
import { Table, TBody, TD, TH, THead, TR } from "../../ui/table";
import { runPosition } from "./run-position";
import { RUN_STATUS_LABELS, RunStatusBadge } from "./run-status-badge";
import type { StepLabel } from "./step-labels";

type Props = {
  automationId: string;
  runs: RunListItem[];
  labels: ReadonlyMap<string, StepLabel>;
  now: Date;
};

export function RunsTable({ automationId, runs, labels, now }: Props) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Contact</TH>
          <TH>Status</TH>
          <TH className="hidden md:table-cell">Current step</TH>
          <TH className="hidden sm:table-cell">Started</TH>
          <TH className="hidden lg:table-cell">Updated</TH>
          <TH className="hidden w-10 sm:table-cell" aria-hidden />
        </tr>
      </THead>
      <TBody>
        {runs.map((run) => {
          const position = runPosition(run, labels, now);
          const href = `/automations/${automationId}/runs/${run.id}`;
          const failed = run.status === "failed";
          return (
            // The whole row opens the run (see the status cell); the contact link sits above it.
            <TR key={run.id} className="relative cursor-pointer">
              <TD className="max-w-56 py-2.5 sm:max-w-72">
                {run.contact_id && run.contact_email ? (
                  <Link
                    href={`/contacts/${run.contact_id}`}
                    className="relative z-10 block truncate font-medium text-zinc-900 hover:text-indigo-600"
                  >
                    {run.contact_email}
                  </Link>
                ) : (
                  <span className="block truncate text-zinc-400 italic">Deleted contact</span>
                )}
                {/* Narrow screens fold the position under the contact. */}
                {[position.step, position.note].map(
                  (line, index) =>
                    line && (
                      <span
                        key={index}
                        className={cn(
                          "block truncate text-xs md:hidden",
                          index === 1 && failed ? "text-red-600" : "text-zinc-500",
                        )}
                      >
                        {line}
                      </span>
                    ),
                )}
              </TD>
              <TD>
                {/* The badge carries the row's link to the run; it covers the whole row. */}
                <Link
                  href={href}
                  aria-label={`${RUN_STATUS_LABELS[run.status]}: open the run of ${run.contact_email ?? "a deleted contact"}`}
                  className="rounded-full after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
                >
                  <RunStatusBadge status={run.status} />
                </Link>
              </TD>
              <TD className="hidden max-w-80 md:table-cell">
                {position.step && (
                  <p className="truncate text-[13px] text-zinc-800" title={position.step}>
                    {position.step}
                  </p>
                )}
                {position.note && (
                  <p
                    className={cn(
                      "truncate text-xs",
                      failed ? "text-red-600" : "text-zinc-500",
                      !position.step && !failed && "text-[13px]",
                    )}
                    title={position.note}
                  >
                    {position.note}
                  </p>
                )}
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 sm:table-cell">
                <Time iso={run.created_at} now={now} />
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 lg:table-cell">
                <Time iso={run.updated_at} now={now} />
              </TD>
              <TD className="hidden py-2 text-right sm:table-cell">
                <ChevronRight aria-hidden className="ml-auto size-4 text-zinc-400" />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

function Time({ iso, now }: { iso: string; now: Date }) {
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={formatDateTime(at)}>
      {relativeTime(at, now)}
    </time>
  );
}
