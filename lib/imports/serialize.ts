import type { ContactImport } from "@/db/schema";
import { iso } from "../serialize";

export function serializeImport(job: ContactImport) {
  return {
    id: job.id,
    status: job.status,
    format: job.format,
    columns: job.columns,
    mapping: job.mapping,
    delimiter: job.delimiter,
    total_rows: job.totalRows,
    processed_rows: job.processedRows,
    created: job.createdCount,
    updated: job.updatedCount,
    error_count: job.errorCount,
    errors: job.errors,
    duplicate_count: job.duplicateCount,
    duplicates: job.duplicates,
    created_at: iso(job.createdAt),
    finished_at: iso(job.finishedAt),
  };
}
