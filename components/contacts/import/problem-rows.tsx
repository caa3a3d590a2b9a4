"use client";

import { Download } from "lucide-react";
import type { ImportDuplicateRow, ImportRowError } from "@/db/schema";
import { csvLine } from "@/lib/imports/csv-cells";
import { formatCount } from "@/lib/web/dashboard/format";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { TBody, TD, TH, THead, TR } from "../../ui/table";
import { saveBlob } from "./save-blob";

type ProblemRow = { row: number; kind: "Error" | "Duplicate"; message: string };

/** Why a later row of an email is a duplicate, and which row wins. */
export function duplicateMessage(duplicate: ImportDuplicateRow): string {
  return `${duplicate.email} is also in row ${formatCount(duplicate.first_row)}: this later row wins (its values are applied over the earlier row's).`;
}

/**
 * The rows of a file that are skipped (errors) or folded into an earlier row (duplicates), in
 * file order, with a CSV download. Used by the whole-file check and by the finished import.
 */
export function ProblemRows({
  errors,
  errorCount,
  duplicates,
  duplicateCount,
  fileName,
}: {
  errors: ImportRowError[];
  errorCount: number;
  duplicates: ImportDuplicateRow[];
  duplicateCount: number;
  fileName: string;
}) {
  const rows: ProblemRow[] = [
    ...errors.map((e) => ({ row: e.row, kind: "Error" as const, message: e.message })),
    ...duplicates.map((d) => ({
      row: d.row,
      kind: "Duplicate" as const,
      message: duplicateMessage(d),
    })),
  ].sort((a, b) => a.row - b.row);
  const listed = errors.length + duplicates.length;
  const total = errorCount + duplicateCount;
  const download = () => {
    const lines = [
      csvLine(["row", "problem", "message"]),
      ...rows.map((r) => csvLine([r.row, r.kind.toLowerCase(), r.message])),
    ];
    const base = fileName.replace(/\.(csv|tsv|txt)$/i, "");
    saveBlob(new Blob(lines, { type: "text/csv" }), `${base}-problems.csv`);
  };
  return (
    <section aria-labelledby="import-problems" className="rounded-lg ring-1 ring-zinc-200">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 px-4 py-3">
        <div className="min-w-0">
          <h3 id="import-problems" className="text-sm font-semibold text-zinc-900">
            {errorCount > 0 && duplicateCount > 0
              ? "Rows with errors or duplicates"
              : errorCount > 0
                ? "Rows with errors"
                : "Duplicate rows"}
          </h3>
          <p className="mt-0.5 text-[13px] text-zinc-500">
            Row 1 is the first row under the header.
            {total > listed &&
              ` Only the first ${formatCount(listed)} of ${formatCount(total)} are listed.`}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={download}>
          <Download aria-hidden />
          Download as CSV
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
            {rows.map((problem) => (
              <TR key={`${problem.kind}-${problem.row}-${problem.message}`}>
                <TD className="align-top text-zinc-500 tabular-nums">{formatCount(problem.row)}</TD>
                <TD className="wrap-anywhere">
                  <span className="flex flex-col items-start gap-1 sm:flex-row sm:items-baseline sm:gap-2">
                    <Badge tone={problem.kind === "Error" ? "red" : "amber"}>{problem.kind}</Badge>
                    <span>{problem.message}</span>
                  </span>
                </TD>
              </TR>
            ))}
          </TBody>
        </table>
      </div>
    </section>
  );
}
