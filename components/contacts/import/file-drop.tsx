"use client";

import { FileSpreadsheet, Upload } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { csvLine } from "@/lib/imports/csv-cells";
import { PREVIEW_BYTES, readCsvPreview, type CsvPreview } from "@/lib/web/dashboard/csv-preview";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Notice } from "../../ui/notice";
import { saveBlob } from "./save-blob";

const SAMPLE = [
  ["email", "name", "subscribed", "plan", "city"],
  ["ada@example.com", "Ada Lovelace", "yes", "pro", "London"],
  ["grace@example.com", "Grace Hopper", "no", "free", "New York"],
];

/** Step 1: choose or drop a CSV file; its first bytes are read here for the mapping preview. */
export function FileDrop({ onRead }: { onRead: (file: File, preview: CsvPreview) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function read(file: File | undefined) {
    if (!file) return;
    setError(null);
    const problem = await checkFile(file).catch(() => "This file could not be read.");
    if (typeof problem === "string") setError(problem);
    else onRead(file, problem);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0]);
  }

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors",
          dragging ? "border-indigo-400 bg-indigo-50/60" : "border-zinc-200 bg-zinc-50/50",
        )}
      >
        <div className="mb-4 grid size-11 place-items-center rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
          <Upload aria-hidden className="size-5 text-zinc-500" />
        </div>
        <p className="text-[15px] font-semibold text-zinc-900">Drop a CSV file here</p>
        <p id={hintId} className="mt-1 max-w-md text-sm text-pretty text-zinc-500">
          The first row must name the columns, and one column must hold email addresses. Commas,
          semicolons and tabs between columns all work.
        </p>
        <Button className="mt-5" onClick={() => input.current?.click()} aria-describedby={hintId}>
          <FileSpreadsheet aria-hidden />
          Choose a CSV file
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
          aria-label="CSV file"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            void read(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </div>
      {error && (
        <Notice tone="error" title="This file can’t be imported">
          {error}
        </Notice>
      )}
      <p className="text-[13px] text-zinc-500">
        Columns named email, name (or first and last name) and subscribed are recognised; every
        other column becomes a custom field, matched to the fields your contacts already have. You
        can change this in the next step.{" "}
        <button
          type="button"
          onClick={downloadSample}
          className="cursor-pointer font-medium text-indigo-600 hover:text-indigo-500"
        >
          Download a sample file
        </button>
      </p>
    </div>
  );
}

/** The preview, or why the file cannot be imported. */
async function checkFile(file: File): Promise<CsvPreview | string> {
  if (!/\.(csv|tsv|txt)$/i.test(file.name) && file.type !== "text/csv") {
    return `“${file.name}” is not a CSV file. In Excel, Numbers or Google Sheets, use “Save as” or “Download” → CSV.`;
  }
  if (file.size === 0) return "The file is empty.";
  const truncated = file.size > PREVIEW_BYTES;
  const preview = readCsvPreview(await file.slice(0, PREVIEW_BYTES).text(), { truncated });
  if (preview.rows.length === 0) {
    return "The file has a header row but no contacts below it.";
  }
  return preview;
}

function downloadSample() {
  const blob = new Blob([SAMPLE.map((row) => csvLine(row)).join("")], { type: "text/csv" });
  saveBlob(blob, "contacts-sample.csv");
}
