"use client";

import { ArrowLeft, ArrowRight, Loader2, RotateCcw, Upload } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import type { CsvPreview } from "@/lib/web/dashboard/csv-preview";
import { formatCount } from "@/lib/web/dashboard/format";
import {
  hasProblems,
  initialChoices,
  mappingProblems,
  mappingToSend,
  type ColumnChoice,
} from "@/lib/web/dashboard/import-mapping";
import { delimiterLabel } from "@/lib/imports/delimiter";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { CheckResults } from "./check-results";
import { ColumnMapping } from "./column-mapping";
import { FileDrop } from "./file-drop";
import { ImportProgress } from "./import-progress";
import { ImportSteps } from "./import-steps";
import { ImportSummary } from "./import-summary";
import { MappingPreview } from "./mapping-preview";
import { useContactImport } from "./use-contact-import";
import { useImportCheck } from "./use-import-check";

type Loaded = { file: File; preview: CsvPreview };

/**
 * The CSV import: choose a file, match its columns (with a live preview), check every row of
 * it, then import and report. `existingKeys` are the project's custom fields, so a column is
 * suggested to fill `plan` rather than create `Plan` beside it.
 */
export function ImportWizard({ existingKeys }: { existingKeys: string[] }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const { state, start, reset } = useContactImport();
  const checking = useImportCheck();
  const columns = loaded?.preview.columns ?? [];
  const problems = mappingProblems(columns, choices);

  if (!loaded) {
    return (
      <>
        <ImportSteps current={0} />
        <Card>
          <CardHeader
            title="Upload a CSV file"
            description="Export your list from a spreadsheet or another tool as CSV (comma, semicolon or tab separated)."
          />
          <div className="p-5">
            <FileDrop
              onRead={(file, preview) => {
                setLoaded({ file, preview });
                setChoices(initialChoices(preview.columns, existingKeys));
              }}
            />
          </div>
        </Card>
      </>
    );
  }

  const { file, preview } = loaded;
  const chooseAnother = () => {
    reset();
    checking.reset();
    setLoaded(null);
  };
  const backToColumns = () => {
    reset();
    checking.reset();
  };

  if (state.phase !== "idle") {
    const done = state.phase === "done";
    return (
      <>
        <ImportSteps current={3} finished={done} />
        <Card>
          <CardHeader
            title={
              done
                ? "Import finished"
                : state.phase === "error"
                  ? "The import did not start"
                  : "Importing contacts"
            }
            description={file.name}
          />
          <div className="grid gap-4 p-5">
            {state.phase === "error" ? (
              <Notice tone="error" title="Nothing was imported">
                {state.message}
              </Notice>
            ) : done ? (
              <ImportSummary job={state.job} fileName={file.name} />
            ) : (
              <ImportProgress state={state} file={file} />
            )}
          </div>
          {(done || state.phase === "error") && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-100 px-5 py-3">
              {state.phase === "error" && (
                <Button variant="secondary" onClick={backToColumns}>
                  <ArrowLeft aria-hidden />
                  Back to columns
                </Button>
              )}
              <Button variant="secondary" onClick={chooseAnother}>
                <RotateCcw aria-hidden />
                Import another file
              </Button>
              {done && (
                <Button asChild>
                  <Link href="/contacts">
                    View contacts
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              )}
            </div>
          )}
        </Card>
      </>
    );
  }

  const check = checking.state;
  if (check.phase !== "idle") {
    const importable = check.phase === "checked" ? check.report.contacts : 0;
    return (
      <>
        <ImportSteps current={2} />
        <Card>
          <CardHeader
            title={check.phase === "checking" ? "Checking every row…" : "Check results"}
            description={`${file.name} · nothing is imported until you confirm`}
          />
          <div className="grid gap-4 p-5">
            {check.phase === "checking" && (
              <p className="flex items-center gap-2 text-sm text-zinc-600" role="status">
                <Loader2 aria-hidden className="size-4 animate-spin text-zinc-400" />
                Reading {file.name} row by row…
              </p>
            )}
            {check.phase === "error" && (
              <Notice tone="error" title="The file could not be checked">
                {check.message}
              </Notice>
            )}
            {check.phase === "checked" && (
              <CheckResults report={check.report} fileName={file.name} />
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-100 px-5 py-3">
            <Button variant="secondary" onClick={backToColumns}>
              <ArrowLeft aria-hidden />
              Back to columns
            </Button>
            {check.phase === "checked" && importable > 0 && (
              <Button onClick={() => start(file, check.mapping)}>
                Import {formatCount(importable)} {importable === 1 ? "contact" : "contacts"}
                <ArrowRight aria-hidden />
              </Button>
            )}
          </div>
        </Card>
      </>
    );
  }

  const blocked = hasProblems(problems);
  return (
    <>
      <ImportSteps current={1} />
      <div className="grid gap-6">
        <Card className="overflow-hidden">
          <CardHeader
            title="Match your columns"
            description={`${file.name} · ${columns.length} ${columns.length === 1 ? "column" : "columns"} separated by ${delimiterLabel(preview.delimiter)}`}
            actions={
              <Button variant="secondary" size="sm" onClick={chooseAnother}>
                <Upload aria-hidden />
                Choose another file
              </Button>
            }
          />
          <ColumnMapping
            columns={columns}
            rows={preview.rows}
            choices={choices}
            problems={problems}
            existingKeys={existingKeys}
            onChange={(index, choice) =>
              setChoices((current) => current.map((c, i) => (i === index ? choice : c)))
            }
          />
        </Card>
        <Card className="overflow-hidden">
          <CardHeader
            title="Preview"
            description={`The first ${preview.rows.length === 1 ? "row" : `${preview.rows.length} rows`} as they will be imported. Next, every row of the file is checked before anything is imported.`}
          />
          <MappingPreview columns={columns} rows={preview.rows} choices={choices} />
        </Card>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {blocked && (
            <p className="text-[13px] text-red-600">Fix the column settings above to continue.</p>
          )}
          <Button
            disabled={blocked}
            onClick={() => void checking.check(file, mappingToSend(columns, choices))}
          >
            Check all rows
            <ArrowRight aria-hidden />
          </Button>
        </div>
      </div>
    </>
  );
}
