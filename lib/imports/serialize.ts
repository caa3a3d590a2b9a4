import type { ContactImport } from "@/db/schema";
import { iso } from "../serialize";

export function serializeImport(job: ContactImport) {
  return {
    id: job.id,
    status: job.status,
    format: job.format,
    columns: job.columns,
    mapping: job.mapping,
    total_rows: job.totalRows,
    processed_rows: job.processedRows,
    created: job.createdCount,
    updated: job.updatedCount,
    error_count: job.errorCount,
    errors: job.errors,
    created_at: iso(job.createdAt),
    finished_at: iso(job.finishedAt),
  };
}
