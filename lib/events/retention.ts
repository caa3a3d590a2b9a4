import { sql } from "drizzle-orm";
import { rowsOf } from "@/db";
import { emailEvents, events, projects } from "@/db/schema";
import type { Runtime } from "@/lib/core/runtime";
import {
  monthsToEnsure,
  PARTITIONED_EVENT_TABLES,
  partitionsToDrop,
  type PartitionedEventTable,
} from "./partition-months";
import { dropPartition, ensureMonthPartition, isPartitioned, partitionsOf } from "./partitions";
import { repeatBatches } from "@/lib/core/batches";

/** Rows one statement deletes: short transactions, however much history waits. */
const BATCH_SIZE = 500;
/** Batches per project and table per pass: the rest waits for the next pass. */
const MAX_BATCHES_PER_PASS = 20;
const DAY_MS = 86_400_000;

const TABLES = { events, email_events: emailEvents } as const;

export type EventRetentionResult = {
  partitionsCreated: number;
  partitionsDropped: number;
  eventsRemoved: number;
  emailEventsRemoved: number;
};

/**
 * Settings → General, "Keep events for N days" (projects.event_retention_days): custom events
 * (`events`) and email timelines (`email_events`: deliveries, opens, clicks…) older than that
 * are removed. Counters on emails and campaigns are columns and stay; a campaign
 * report's activity and engagement charts, the timelines and "opened/clicked in the last N days"
 * segments see only the events kept. Automations copy the event into the run they enroll or
 * wake, so no unfinished run reads `events`.
 *
 * Both tables are partitioned by month (migration 0035): each pass makes this month's and the
 * next two months' partitions, drops the months every project's cutoff has passed (the
 * longest retention wins), then deletes older rows of projects keeping less, in bounded batches
 * with SKIP LOCKED. On a database where a table is not partitioned the batches alone do it.
 */
export async function removeExpiredEvents(
  runtime: Pick<Runtime, "db" | "clock">,
): Promise<EventRetentionResult> {
  const now = runtime.clock.now();
  const result: EventRetentionResult = {
    partitionsCreated: 0,
    partitionsDropped: 0,
    eventsRemoved: 0,
    emailEventsRemoved: 0,
  };
  const projectRows = await runtime.db
    .select({ id: projects.id, days: projects.eventRetentionDays })
    .from(projects);
  const longest = Math.max(...projectRows.map((p) => p.days));
  for (const table of PARTITIONED_EVENT_TABLES) {
    if (!(await isPartitioned(runtime.db, table))) continue;
    for (const month of monthsToEnsure(now)) {
      if (await ensureMonthPartition(runtime.db, table, month)) result.partitionsCreated++;
    }
    // No project, no cutoff: nothing is dropped.
    if (projectRows.length === 0) continue;
    const cutoff = new Date(now.getTime() - longest * DAY_MS);
    for (const name of partitionsToDrop(table, await partitionsOf(runtime.db, table), cutoff)) {
      if (await dropPartition(runtime.db, table, name)) result.partitionsDropped++;
    }
  }
  for (const project of projectRows) {
    const cutoff = new Date(now.getTime() - project.days * DAY_MS);
    result.eventsRemoved += await inBatches(() =>
      deleteExpired(runtime, "events", project.id, cutoff),
    );
    result.emailEventsRemoved += await inBatches(() =>
      deleteExpired(runtime, "email_events", project.id, cutoff),
    );
  }
  return result;
}

const inBatches = (batch: () => Promise<number>) =>
  repeatBatches(batch, { batchSize: BATCH_SIZE, maxBatches: MAX_BATCHES_PER_PASS });

/**
 * One batch of a project's rows older than its cutoff, oldest first, skipping rows another
 * worker holds; by (id, created_at), the primary key, so each row is found in its partition.
 */
async function deleteExpired(
  runtime: Pick<Runtime, "db">,
  table: PartitionedEventTable,
  projectId: string,
  cutoff: Date,
): Promise<number> {
  const target = TABLES[table];
  const result = await runtime.db.execute(sql`
    delete from ${target}
    where (id, created_at) in (
      select id, created_at from ${target}
      where project_id = ${projectId} and created_at < ${cutoff.toISOString()}::timestamptz
      order by created_at
      limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id`);
  return rowsOf(result).length;
}
