"use client";

import type { ImportCheckReport } from "@/lib/imports/check";
import { delimiterLabel } from "@/lib/imports/delimiter";
import { formatCount } from "@/lib/web/dashboard/format";
import { Notice } from "../../ui/notice";
import { CountTiles } from "./import-progress";
import { ProblemRows } from "./problem-rows";

/** The whole-file check: every row read, nothing imported yet; the counts add up to the rows. */
export function CheckResults({
  report,
  fileName,
}: {
  report: ImportCheckReport;
  fileName: string;
}) {
  const clean = report.error_count === 0 && report.duplicate_count === 0;
  return (
    <div className="grid gap-4">
      {report.contacts === 0 ? (
        <Notice tone="error" title="No row can be imported">
          Every row of {fileName} has a problem: fix the file or the column settings and try again.
        </Notice>
      ) : clean ? (
        <Notice
          tone="success"
          title={
            report.total_rows === 1
              ? "The row is ready"
              : `All ${formatCount(report.total_rows)} rows are ready`
          }
        >
          Every row has a valid email address and no email appears twice.
        </Notice>
      ) : (
        <Notice tone="warning" title={headline(report)}>
          {report.error_count > 0 &&
            `Rows with errors are skipped: fix them in the file and import again, or import the rest now. `}
          {report.duplicate_count > 0 &&
            `Rows that repeat an email are applied in file order: the last row of each email wins.`}
        </Notice>
      )}
      <CountTiles
        counts={[
          { label: "Rows in the file", value: report.total_rows },
          { label: "Contacts to import", value: report.contacts },
          {
            label: "Duplicate rows",
            value: report.duplicate_count,
            warn: report.duplicate_count > 0,
          },
          { label: "Rows with errors", value: report.error_count, alarm: report.error_count > 0 },
        ]}
      />
      <p className="text-[13px] text-zinc-500">
        Columns separated by {delimiterLabel(report.delimiter)}. Contacts that already exist (same
        email) are updated; the others are created.
      </p>
      {!clean && (
        <ProblemRows
          errors={report.errors}
          errorCount={report.error_count}
          duplicates={report.duplicates}
          duplicateCount={report.duplicate_count}
          fileName={fileName}
        />
      )}
    </div>
  );
}

function headline(report: ImportCheckReport): string {
  const parts = [];
  if (report.error_count > 0) {
    parts.push(
      `${formatCount(report.error_count)} ${report.error_count === 1 ? "row has an error" : "rows have errors"}`,
    );
  }
  if (report.duplicate_count > 0) {
    parts.push(
      `${formatCount(report.duplicate_count)} ${report.duplicate_count === 1 ? "row repeats an email" : "rows repeat an email"}`,
    );
  }
  return parts.join(", ");
}
