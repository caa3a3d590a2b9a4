import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "./index";
import { hasSqlState } from "./sql-state";

/**
 * A table is analyzed again once it has grown past this share of its size at its last analyze
 * (or vacuum), and by at least MIN_GROWTH_PAGES: smaller tables are planned well enough without.
 */
const GROWTH_FACTOR = 1.2;
const MIN_GROWTH_PAGES = 8;
/** With the table's oid, the advisory lock that lets one process at a time analyze a table. */
const ANALYZE_LOCK = 7243021;
const UNDEFINED_TABLE = "42P01";

/** Whether the table `c` (a pg_class row) outgrew the size its statistics were taken at. */
const grown: SQL = sql`pg_relation_size(c.oid) / current_setting('block_size')::int
  > greatest(c.relpages, 0) * ${GROWTH_FACTOR}::float8 + ${MIN_GROWTH_PAGES}::int`;

/**
 * Keeps the planner's statistics in step with tables that grow (docs/decisions/0062). Without
 * them (autovacuum off, as on this project's CI servers; PGlite, which never runs it; or a table
 * younger than autovacuum's first look) plans are made for an empty table and kept: a foreign-key
 * check planned when `emails` was empty read every email of the project through whichever
 * `(project_id, …)` index it had picked, once per row it checked, and a 100,000-recipient
 * campaign slowed to a crawl; one ANALYZE made it 2.7× faster at once (an analyze invalidates
 * the plans made without it). Growth is read from the files' sizes against `pg_class.relpages`,
 * which both drivers keep, not from the statistics collector (PGlite does not count rows).
 * Each table in a transaction of its own, so its lock is held only while it is analyzed.
 * Returns the tables analyzed.
 */
export async function analyzeGrownTables(db: Database): Promise<string[]> {
  const candidates = rowsOf<{ oid: number; name: string }>(
    await db.execute(sql`
      select c.oid::bigint as oid, format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ('public', 'pgboss') and ${grown}
      order by pg_relation_size(c.oid) desc`),
  );
  const analyzed: string[] = [];
  for (const { oid, name } of candidates) {
    try {
      const done = await db.transaction(async (tx) => {
        // Another process analyzing it, or done since the list was read: nothing to do.
        const [mine] = rowsOf<{ go: boolean }>(
          await tx.execute(sql`
            select pg_try_advisory_xact_lock(${ANALYZE_LOCK}::int, (${oid}::bigint - 2147483648)::int)
                   and ${grown} as go
            from pg_class c where c.oid = ${oid}::bigint::oid`),
        );
        if (!mine?.go) return false;
        await tx.execute(sql.raw(`analyze ${name}`));
        return true;
      });
      if (done) analyzed.push(name);
    } catch (error) {
      // A table dropped meanwhile (a retention pass drops old partitions) is skipped.
      if (!hasSqlState(error, UNDEFINED_TABLE)) throw error;
    }
  }
  return analyzed;
}
