import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/db";
import { hasSqlState } from "@/db/sql-state";
import {
  addMonths,
  defaultPartitionName,
  partitionName,
  type PartitionedEventTable,
} from "./partition-months";

/** DDL waits this long for a lock, then gives up until the next pass rather than queue reads. */
const DDL_LOCK_TIMEOUT = "5s";
/** One maintainer at a time per database (workers share it): a key of its own. */
const PARTITION_LOCK_KEY = 7243020;

const bound = (month: Date) => `${month.toISOString().slice(0, 10)} 00:00:00+00`;

/** True when the table is range-partitioned (migration 0035); false on a database without it. */
export async function isPartitioned(db: Executor, table: PartitionedEventTable) {
  const result = await db.execute(sql`
    select exists (
      select 1 from pg_partitioned_table where partrelid = to_regclass(${table})
    ) as partitioned`);
  return rowsOf<{ partitioned: boolean }>(result)[0]?.partitioned === true;
}

/** The names of a partitioned table's partitions (the DEFAULT one included). */
export async function partitionsOf(db: Executor, table: PartitionedEventTable) {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table})`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** SQLSTATE 55P03: the DDL's lock_timeout passed (a long query holds the table). */
function isLockTimeout(error: unknown): boolean {
  return hasSqlState(error, "55P03");
}

/**
 * Runs DDL on a partition of `table` in its own transaction under the lock timeout; false when
 * it timed out. The tables `table`'s foreign keys reference (emails, projects, contacts) are
 * locked first, in name order: attaching or dropping a partition locks them for its foreign
 * keys only after it holds the partitions, while a writer (a send) holds `emails` and then
 * inserts into a partition — the other order, a deadlock (CI, 2026-11-27). Taken first, the
 * DDL simply waits for writers in flight, and writers wait the few milliseconds it takes.
 */
async function ddl(
  db: Executor,
  table: PartitionedEventTable,
  work: (tx: Executor) => Promise<boolean>,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${DDL_LOCK_TIMEOUT}'`));
      const referenced = rowsOf<{ name: string }>(
        await tx.execute(sql`
          select distinct confrelid::regclass::text as name from pg_constraint
          where conrelid = to_regclass(${table}) and contype = 'f' order by 1`),
      ).map((row) => row.name);
      for (const name of referenced) {
        await tx.execute(sql.raw(`lock table ${name} in share row exclusive mode`));
      }
      return work(tx);
    });
  } catch (error) {
    if (isLockTimeout(error)) return false;
    throw error;
  }
}

/**
 * Makes the month's partition when it is missing; true when it made it (false when it exists,
 * or when a lock did not come in time: the next pass tries again, months ahead of need). Rows
 * of that month already in the DEFAULT partition (a worker down for months, a clock set back)
 * move into it in the same transaction: PostgreSQL refuses a new partition whose range the
 * DEFAULT one holds. The table is created standalone and attached, which builds its indexes and
 * foreign keys.
 */
export async function ensureMonthPartition(
  db: Executor,
  table: PartitionedEventTable,
  month: Date,
): Promise<boolean> {
  const name = partitionName(table, month);
  return ddl(db, table, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`);
    const existing = await tx.execute(sql`select to_regclass(${name}) is not null as present`);
    if (rowsOf<{ present: boolean }>(existing)[0]?.present) return false;
    const [from, to] = [bound(month), bound(addMonths(month, 1))];
    await tx.execute(
      sql`create table ${sql.identifier(name)} (like ${sql.identifier(table)} including defaults)`,
    );
    await tx.execute(sql`
      with moved as (
        delete from ${sql.identifier(defaultPartitionName(table))}
        where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
        returning *
      )
      insert into ${sql.identifier(name)} select * from moved`);
    await tx.execute(
      sql.raw(
        `alter table "${table}" attach partition "${name}" for values from ('${from}') to ('${to}')`,
      ),
    );
    return true;
  });
}

/**
 * Drops a whole month of events: one short lock instead of millions of deleted rows; false when
 * a long query held it past the lock timeout (the pass's batches still delete what is due).
 */
export async function dropPartition(
  db: Executor,
  table: PartitionedEventTable,
  name: string,
): Promise<boolean> {
  return ddl(db, table, async (tx) => {
    await tx.execute(sql`drop table if exists ${sql.identifier(name)}`);
    return true;
  });
}
