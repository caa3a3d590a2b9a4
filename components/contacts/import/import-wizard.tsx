"use client";

import { ArrowLeft, ArrowRight, RotateCcw, Upload } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import type { CsvPreview } from "@/lib/dashboard/csv-preview";
import {
  hasProblems,
  initialChoices,
  mappingProblems,
  mappingToSend,
  type ColumnChoice,
} from "@/lib/dashboard/import-mapping";
import { Button } from "../../ui/button";
import { Card, CardHeader } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { ColumnMapping } from "./column-mapping";
import { FileDrop } from "./file-drop";
import { ImportProgress } from "./import-progress";
import { ImportSteps } from "./import-steps";
import { ImportSummary } from "./import-summary";
import { MappingPreview } from "./mapping-preview";
import { useContactImport } from "./use-contact-import";

type Loaded = { file: File; preview: CsvPreview };

/** The CSV import: choose a file, match its columns (with a live preview), import and report. */
export function ImportWizard() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const { state, start, reset } = useContactImport();
  const columns = loaded?.preview.columns ?? [];
  const problems = mappingProblems(columns, choices);

  if (!loaded) {
    return (
      <>
        <ImportSteps current={0} />
        <Card>
          <CardHeader
            title="Upload a CSV file"
            description="Export your list from a spreadsheet or another tool as CSV (comma separated)."
          />
          <div className="p-5">
            <FileDrop
              onRead={(file, preview) => {
                setLoaded({ file, preview });
                setChoices(initialChoices(preview.columns));
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
    setLoaded(null);
  };

  if (state.phase !== "idle") {
    const done = state.phase === "done";
    return (
      <>
        <ImportSteps current={2} finished={done} />
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
                <Button variant="secondary" onClick={reset}>
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

  const blocked = hasProblems(problems);
  return (
    <>
      <ImportSteps current={1} />
      <div className="grid gap-6">
        <Card className="overflow-hidden">
          <CardHeader
            title="Match your columns"
            description={`${file.name} · ${columns.length} ${columns.length === 1 ? "column" : "columns"}`}
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
            onChange={(index, choice) =>
              setChoices((current) => current.map((c, i) => (i === index ? choice : c)))
            }
          />
        </Card>
        <Card className="overflow-hidden">
          <CardHeader
            title="Preview"
            description={`The first ${preview.rows.length === 1 ? "row" : `${preview.rows.length} rows`} as they will be imported. Contacts that already exist (same email) are updated; the others are created.`}
          />
          <MappingPreview columns={columns} rows={preview.rows} choices={choices} />
        </Card>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {blocked && (
            <p className="text-[13px] text-red-600">Fix the column settings above to continue.</p>
          )}
          <Button disabled={blocked} onClick={() => start(file, mappingToSend(columns, choices))}>
            Import contacts
            <ArrowRight aria-hidden />
          </Button>
        </div>
      </div>
    </>
  );
}
