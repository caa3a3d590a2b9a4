import Link from "next/link";
import type { ReactNode } from "react";
import type { RunResource } from "@/lib/automations/serialize";
import { formatDateTime, relativeTime } from "@/lib/web/dashboard/format";
import { Card, CardHeader } from "../../ui/card";
import { CopyButton } from "../../ui/copy-button";
import { runPosition } from "./run-position";
import { IN_PROGRESS, RunStatusBadge } from "./run-status-badge";
import type { StepLabel } from "./step-labels";

type Props = {
  run: RunResource;
  contactEmail: string | null;
  labels: ReadonlyMap<string, StepLabel>;
  now: Date;
};

/** The run at a glance: status, who, where it stands and when it started and ended. */
export function RunFacts({ run, contactEmail, labels, now }: Props) {
  const position = runPosition(run, labels, now);
  const inProgress = IN_PROGRESS.includes(run.status);
  return (
    <Card>
      <CardHeader title="Run" />
      <dl className="divide-y divide-zinc-100 text-sm">
        <Row label="Status">
          <RunStatusBadge status={run.status} />
        </Row>
        <Row label="Contact">
          {run.contact_id && contactEmail ? (
            <Link
              href={`/contacts/${run.contact_id}`}
              className="block truncate font-medium text-indigo-600 hover:text-indigo-500"
            >
              {contactEmail}
            </Link>
          ) : (
            <span className="text-zinc-400 italic">Deleted contact</span>
          )}
        </Row>
        {inProgress && (
          <Row label="Now at">
            <span className="block">{position.step ?? "—"}</span>
            {position.note && <span className="block text-xs text-zinc-500">{position.note}</span>}
          </Row>
        )}
        <Row label="Started">
          <Time iso={run.created_at} now={now} />
        </Row>
        <Row label={run.status === "failed" ? "Failed" : "Finished"}>
          {run.finished_at ? (
            <Time iso={run.finished_at} now={now} />
          ) : (
            <span className="text-zinc-400">Still in progress</span>
          )}
        </Row>
        <Row label="Steps taken">
          <span className="tabular-nums">{run.steps_executed}</span>
        </Row>
        <Row label="Run ID">
          <span className="flex items-center justify-end gap-1">
            <code className="truncate font-mono text-xs">{run.id}</code>
            <CopyButton value={run.id} label="Copy run ID" variant="ghost" className="size-6" />
          </span>
        </Row>
      </dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 px-5 py-2.5">
      <dt className="shrink-0 text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-right text-zinc-800">{children}</dd>
    </div>
  );
}

function Time({ iso, now }: { iso: string; now: Date }) {
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={relativeTime(at, now)}>
      {formatDateTime(at)}
    </time>
  );
}
