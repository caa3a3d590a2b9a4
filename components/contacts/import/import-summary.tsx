"use client";

import { formatCount } from "@/lib/web/dashboard/format";
import { Notice } from "../../ui/notice";
import { ImportCounts } from "./import-progress";
import { ProblemRows } from "./problem-rows";
import type { ImportJob } from "./use-contact-import";

/** The last step at the end: what was imported and, row by row, what was not. */
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
          {job.error_count > 0 && ". The rows with errors were skipped: fix them and import again"}
          {job.duplicate_count > 0 &&
            `. ${formatCount(job.duplicate_count)} ${job.duplicate_count === 1 ? "row repeated the email of an earlier row" : "rows repeated the emails of earlier rows"}: the last row of each email won`}
          .
        </Notice>
      )}
      <ImportCounts job={job} />
      {job.errors.length + job.duplicates.length > 0 && (
        <ProblemRows
          errors={job.errors}
          errorCount={job.error_count}
          duplicates={job.duplicates}
          duplicateCount={job.duplicate_count}
          fileName={fileName}
        />
      )}
    </div>
  );
}

function headline(job: ImportJob): string {
  if (job.error_count === 0) return "Import complete";
  const rows = job.error_count === 1 ? "1 row" : `${formatCount(job.error_count)} rows`;
  return `Import complete, ${rows} skipped`;
}
