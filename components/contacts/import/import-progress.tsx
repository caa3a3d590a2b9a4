"use client";

import { useEffect, useState } from "react";
import { formatCount } from "@/lib/web/dashboard/format";
import { cn } from "../../ui/cn";
import { Notice } from "../../ui/notice";
import type { ImportJob, ImportState } from "./use-contact-import";
import { ProgressBar } from "../../ui/progress-bar";

/** After this long still pending, the import is probably waiting for a worker process. */
const WAITING_HINT_MS = 10_000;

/** Step 3 while it runs: the upload, then the import's rows as the worker gets through them. */
export function ImportProgress({ state, file }: { state: ImportState; file: File }) {
  if (state.phase === "uploading") {
    return (
      <ProgressBar
        label={
          // Past 100 % the server is storing the file (or, without a worker, importing it).
          state.fraction < 1 ? `Uploading ${file.name}` : `Uploaded ${file.name}, preparing…`
        }
        value={Math.round(state.fraction * file.size)}
        total={file.size}
        detail={`${formatBytes(state.fraction * file.size)} of ${formatBytes(file.size)}`}
      />
    );
  }
  if (state.phase !== "importing") return null;
  const { job } = state;
  return (
    <div className="grid gap-4">
      <ProgressBar
        label={job.status === "pending" ? "Waiting to start…" : "Importing contacts"}
        value={job.processed_rows}
        total={job.total_rows}
        detail={`${formatCount(job.processed_rows)} of ${formatCount(job.total_rows)} rows`}
      />
      <ImportCounts job={job} />
      {state.offline ? (
        <Notice tone="warning" title="Reconnecting…">
          The progress could not be fetched. The import carries on; this page will catch up.
        </Notice>
      ) : (
        <>
          <p className="text-[13px] text-zinc-500">
            You can leave this page: the import carries on in the background.
          </p>
          {job.status === "pending" && <WaitingHint since={state.since} />}
        </>
      )}
    </div>
  );
}

function WaitingHint({ since }: { since: number }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(
      () => setLate(true),
      Math.max(0, since + WAITING_HINT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [since]);
  if (!late) return null;
  return (
    <Notice tone="info" title="Still waiting for a worker">
      Imports run in Mailwright’s background worker. If this does not start soon, check that the
      worker is running.
    </Notice>
  );
}

export function ImportCounts({ job }: { job: ImportJob }) {
  return (
    <CountTiles
      counts={[
        { label: "Created", value: job.created },
        { label: "Updated", value: job.updated },
        { label: "Duplicate rows", value: job.duplicate_count, warn: job.duplicate_count > 0 },
        { label: "Rows with errors", value: job.error_count, alarm: job.error_count > 0 },
      ]}
    />
  );
}

/** A row of counts (import totals, check results); a warned count shows amber, an alarmed one red. */
export function CountTiles({
  counts,
}: {
  counts: { label: string; value: number; warn?: boolean; alarm?: boolean }[];
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {counts.map((count) => (
        <div key={count.label} className="rounded-lg bg-zinc-50 px-3 py-2.5 ring-1 ring-zinc-100">
          <dt className="text-xs text-zinc-500">{count.label}</dt>
          <dd
            className={cn(
              "mt-0.5 text-lg font-semibold tabular-nums",
              count.alarm ? "text-red-600" : count.warn ? "text-amber-700" : "text-zinc-900",
            )}
          >
            {formatCount(count.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
