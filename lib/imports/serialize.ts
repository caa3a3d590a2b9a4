import { z } from "zod";
import type { ContactImport } from "@/db/schema";
import { iso, Timestamp } from "@/lib/core/serialize";

export const ImportResponse = z.strictObject({
  id: z.string().meta({ example: "imp_6TqW2nZk8RcL3vXm" }),
  status: z.enum(["pending", "running", "completed", "failed"]),
  format: z.enum(["csv", "ndjson"]),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  delimiter: z.enum([",", ";", "\t"]).nullable(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  error_count: z.number().int(),
  errors: z.array(z.strictObject({ row: z.number().int(), message: z.string() })),
  duplicate_count: z.number().int(),
  duplicates: z.array(
    z.strictObject({ row: z.number().int(), first_row: z.number().int(), email: z.string() }),
  ),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
});
export type ImportResource = z.infer<typeof ImportResponse>;

/** POST /v1/contacts/import/check: what the import would do, nothing imported. */
export const ImportCheckResponse = z.strictObject({
  format: z.enum(["csv", "ndjson"]),
  delimiter: z.enum([",", ";", "\t"]),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  total_rows: z.number().int(),
  contacts: z.number().int(),
  error_count: z.number().int(),
  errors: ImportResponse.shape.errors,
  duplicate_count: z.number().int(),
  duplicates: ImportResponse.shape.duplicates,
});

export function serializeImport(job: ContactImport): ImportResource {
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
