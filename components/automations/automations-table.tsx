import { UserPlus, Zap } from "lucide-react";
import Link from "next/link";
import type { AutomationActivity } from "@/lib/automations/activity";
import type { AutomationHealth } from "@/lib/automations/health";
import type { AutomationResource } from "@/lib/automations/serialize";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { AutomationRowActions } from "./automation-row-actions";
import { AutomationStatusBadge } from "./automation-status-badge";
import { RunHealth } from "./run-health";
import { triggerSummary } from "./builder/summary";

export function AutomationsTable({
  automations,
  health,
  activity,
  now,
}: {
  automations: AutomationResource[];
  /** Failed runs and the latest error per automation; absent means healthy. */
  health: Map<string, AutomationHealth>;
  /** Runs (all, in progress) and emails sent per automation; absent means none yet. */
  activity: Map<string, AutomationActivity>;
  now: Date;
}) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Automation</TH>
          <TH className="hidden md:table-cell">Trigger</TH>
          <TH className="hidden sm:table-cell">Status</TH>
          <TH className="hidden text-right lg:table-cell">Steps</TH>
          <TH className="hidden text-right sm:table-cell">Runs</TH>
          <TH className="hidden text-right md:table-cell">Emails sent</TH>
          <TH className="hidden lg:table-cell">Updated</TH>
          <TH className="w-12">
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {automations.map((automation) => {
          const updated = new Date(automation.updated_at);
          const TriggerIcon = automation.trigger.event === "event" ? Zap : UserPlus;
          const trigger = triggerSummary(automation.trigger);
          const { failed = 0, latestError = null } = health.get(automation.id) ?? {};
          const steps = `${automation.step_count} ${automation.step_count === 1 ? "step" : "steps"}`;
          const { runs = 0, activeRuns = 0, emailsSent = 0 } = activity.get(automation.id) ?? {};
          return (
            <TR key={automation.id}>
              <TD className="max-w-64 py-2.5 sm:max-w-sm">
                <Link
                  href={`/automations/${automation.id}`}
                  className="block truncate font-medium text-zinc-900 hover:text-indigo-600"
                >
                  {automation.name}
                </Link>
                {/* Narrow screens fold trigger, status and size under the name. */}
                <span className="line-clamp-2 text-xs text-zinc-500 md:hidden">
                  {trigger}
                  <span className="sm:hidden">
                    {" · "}
                    {automation.status === "live" ? "Live" : "Draft"} · {steps} ·{" "}
                    {plural(runs, "run")} · {plural(emailsSent, "email")} sent
                  </span>
                </span>
                <RunHealth
                  automationId={automation.id}
                  failed={failed}
                  latestError={latestError}
                  now={now}
                  className="mt-1"
                />
              </TD>
              <TD className="hidden max-w-72 md:table-cell">
                <span className="flex min-w-0 items-center gap-1.5 text-[13px] text-zinc-600">
                  <TriggerIcon aria-hidden className="size-3.5 shrink-0 text-zinc-400" />
                  <span className="truncate">{trigger}</span>
                </span>
              </TD>
              <TD className="hidden sm:table-cell">
                <AutomationStatusBadge status={automation.status} />
              </TD>
              <TD className="hidden text-right text-zinc-600 tabular-nums lg:table-cell">
                {automation.step_count}
              </TD>
              <TD className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                <Link
                  href={`/automations/${automation.id}/runs`}
                  className="text-zinc-700 hover:text-indigo-600"
                  aria-label={`${plural(runs, "run")}, ${activeRuns} in progress`}
                >
                  {runs.toLocaleString("en-US")}
                </Link>
                <span className="block text-xs text-zinc-500">
                  {activeRuns > 0 ? `${activeRuns.toLocaleString("en-US")} active` : "none active"}
                </span>
              </TD>
              <TD className="hidden text-right text-zinc-600 tabular-nums md:table-cell">
                {emailsSent.toLocaleString("en-US")}
              </TD>
              <TD className="hidden whitespace-nowrap text-zinc-500 lg:table-cell">
                <time dateTime={automation.updated_at} title={formatDateTime(updated)}>
                  {relativeTime(updated, now)}
                </time>
              </TD>
              <TD className="py-2 text-right">
                <AutomationRowActions automation={automation} />
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

function plural(n: number, noun: string) {
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}
