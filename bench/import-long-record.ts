/**
 * npx tsx bench/import-long-record.ts [MiB …] — the whole-file import check (the reader behind
 * POST /v1/contacts/import/check and /v1/contacts/import) on two files of each size: `unclosed`,
 * whose second line opens a quote that never closes (so the rest of the file is one record), and
 * `rows`, ordinary rows with a quoted two-line note (the same email, so the duplicate tracking
 * stays small and the reader is what is measured). Streams the body in 64 KiB blocks as a request
 * body arrives; each run is its own process so its peak RSS is its own. Prints the time, how it
 * ended, and the peak RSS (and its growth over the process's start). Default 16 32 64.
 * No database: the check stores nothing.
 */
import { spawnSync } from "node:child_process";
import { checkContactImport } from "@/lib/imports/check";
import type { ServiceContext } from "@/lib/core/context";

const BLOCK = 64 * 1024;
const MiB = 1024 * 1024;

type Shape = "unclosed" | "rows";

function file(shape: Shape, totalBytes: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    shape === "unclosed" ? 'email,name\nada@example.com,"Ada' : "email,name,note\n",
  );
  const row = 'ada@example.com,Ada Lovelace,"a quoted, two-line\nnote"\n';
  const filler =
    shape === "unclosed"
      ? new Uint8Array(BLOCK).fill("x".charCodeAt(0))
      : encoder.encode(row.repeat(Math.floor(BLOCK / row.length)));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const block = sent === 0 ? head : filler;
      controller.enqueue(block);
      sent += block.byteLength;
    },
  });
}

async function measureOne(shape: Shape, mib: number) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  let outcome: string;
  try {
    // The check reads no context (no database, no clock): nothing is stored.
    const report = await checkContactImport({} as ServiceContext, {
      format: "csv",
      body: file(shape, mib * MiB),
    });
    outcome = `200, ${report.total_rows} rows, ${report.error_count} errors`;
  } catch (error) {
    const { status, code, message } = error as { status?: number; code?: string; message: string };
    outcome = `${status ?? "thrown"} ${code ?? ""}: ${message}`;
  }
  const ms = performance.now() - started;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  console.log(
    JSON.stringify({
      shape,
      mib,
      ms: Math.round(ms),
      peak_rss_mib: Math.round(peakRss / MiB),
      over_start_mib: Math.round((peakRss - rssBefore) / MiB),
      outcome,
    }),
  );
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === "--one") {
  await measureOne(rest[0] as Shape, Number(rest[1]));
} else {
  const sizes = [mode, ...rest].filter(Boolean).map(Number);
  console.log("file | MiB | time | peak RSS (over start) | outcome");
  for (const shape of ["unclosed", "rows"] as const) {
    for (const mib of sizes.length ? sizes : [16, 32, 64]) {
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, import.meta.filename, "--one", shape, String(mib)],
        { encoding: "utf8", timeout: 600_000 },
      );
      const line = child.stdout.trim().split("\n").pop() ?? "";
      try {
        const r = JSON.parse(line);
        console.log(
          `${r.shape} | ${r.mib} | ${(r.ms / 1000).toFixed(2)} s | ${r.peak_rss_mib} MiB (+${r.over_start_mib}) | ${r.outcome}`,
        );
      } catch {
        console.log(`${shape} | ${mib} | failed: ${child.stderr.slice(-500) || child.error}`);
      }
    }
  }
}
