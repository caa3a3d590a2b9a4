"use client";

import { Download } from "lucide-react";
import { csvLine } from "@/lib/dashboard/csv-preview";
import { formatCount } from "@/lib/dashboard/format";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { TBody, TD, TH, THead, TR } from "../../ui/table";
import { ImportCounts } from "./import-progress";
import { saveBlob } from "./save-blob";
import type { ImportJob } from "./use-contact-import";

/** Step 3 at the end: what was imported and, row by row, what was not. */
export function ImportSummary({ job, fileName }: { job: ImportJob; fileName: string }) {
  const imported = job.created + job.updated;
  return (
    <div className="grid gap-4">
      {job.status === "failed" ? (
        <Notice tone="error" title="The import stopped before the end">
          {formatCount(job.processed_rows)} of {formatCount(job.total_rows)} rows were read. Try
          importing the file again: contacts already imported are updated, not duplicated.
        </Notice>
      ) : (
        <Notice tone={job.error_count > 0 ? "warning" : "success"} title={headline(job)}>
          {formatCount(imported)} {imported === 1 ? "contact was" : "contacts were"} imported from{" "}
          {fileName}
          {job.error_count > 0 && ". The rows listed below were skipped: fix them and import again"}
          .
        </Notice>
      )}
      <ImportCounts job={job} />
      {job.errors.length > 0 && <ErrorReport job={job} fileName={fileName} />}
    </div>
  );
}

function headline(job: ImportJob): string {
  if (job.error_count === 0) return "Import complete";
  const rows = job.error_count === 1 ? "1 row" : `${formatCount(job.error_count)} rows`;
  return `Import complete, ${rows} skipped`;
}

function ErrorReport({ job, fileName }: { job: ImportJob; fileName: string }) {
  const download = () => {
    const lines = [
      csvLine(["row", "error"]),
      ...job.errors.map((e) => csvLine([e.row, e.message])),
    ];
    const base = fileName.replace(/\.csv$/i, "");
    saveBlob(new Blob(lines, { type: "text/csv" }), `${base}-errors.csv`);
  };
  return (
    <section aria-labelledby="import-errors" className="rounded-lg ring-1 ring-zinc-200">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 px-4 py-3">
        <div className="min-w-0">
          <h3 id="import-errors" className="text-sm font-semibold text-zinc-900">
            Rows with errors
          </h3>
          <p className="mt-0.5 text-[13px] text-zinc-500">
            Row 1 is the first row under the header.
            {job.error_count > job.errors.length &&
              ` Only the first ${formatCount(job.errors.length)} of ${formatCount(job.error_count)} are listed.`}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={download}>
          <Download aria-hidden />
          Download errors as CSV
        </Button>
      </div>
      {/* A bare <table>, not <Table>: its own scroller would stop the header from sticking. */}
      <div className="max-h-96 overflow-y-auto">
        <table className="w-full border-collapse text-left text-sm">
          <THead className="sticky top-0 bg-zinc-50">
            <tr>
              <TH className="w-20">Row</TH>
              <TH>Problem</TH>
            </tr>
          </THead>
          <TBody>
            {job.errors.map((error) => (
              <TR key={`${error.row}-${error.message}`}>
                <TD className="text-zinc-500 tabular-nums">{formatCount(error.row)}</TD>
                <TD className="wrap-anywhere">{error.message}</TD>
              </TR>
            ))}
          </TBody>
        </table>
      </div>
    </section>
  );
}
