/**
 * The month arithmetic of the partitioned event tables (migration 0035_partition_events): one
 * partition per UTC month, named `<table>_pYYYY_MM`, bounded [month start, next month start).
 * Pure, so the naming the migration and the maintenance share is tested on its own.
 */
export const PARTITIONED_EVENT_TABLES = ["events", "email_events"] as const;
export type PartitionedEventTable = (typeof PARTITIONED_EVENT_TABLES)[number];

/** Months made ahead of time besides the current one, so inserts never wait on DDL. */
export const MONTHS_AHEAD = 2;

export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function addMonths(month: Date, count: number): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + count, 1));
}

export function partitionName(table: PartitionedEventTable, month: Date): string {
  const mm = String(month.getUTCMonth() + 1).padStart(2, "0");
  return `${table}_p${month.getUTCFullYear()}_${mm}`;
}

export function defaultPartitionName(table: PartitionedEventTable): string {
  return `${table}_default`;
}

/** The month a partition holds, from its name; null for the DEFAULT partition or a stranger. */
export function monthOfPartition(table: PartitionedEventTable, name: string): Date | null {
  const match = new RegExp(`^${table}_p(\\d{4})_(\\d{2})$`).exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(Number(match[1]), month - 1, 1));
}

/** The months that should exist at `now`: this one and the next MONTHS_AHEAD. */
export function monthsToEnsure(now: Date): Date[] {
  const first = monthStart(now);
  return Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => addMonths(first, i));
}

/**
 * Partitions every project has stopped keeping: their upper bound is at or before `cutoff`,
 * the cutoff of the project that keeps events longest (partitions are shared by projects).
 */
export function partitionsToDrop(
  table: PartitionedEventTable,
  names: string[],
  cutoff: Date,
): string[] {
  return names.filter((name) => {
    const month = monthOfPartition(table, name);
    return month !== null && addMonths(month, 1).getTime() <= cutoff.getTime();
  });
}
