import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Executor } from "./index";

/**
 * Many rows in one INSERT with one parameter: the rows as a JSON array, expanded by
 * `jsonb_populate_recordset` into the table's own row type. Drizzle's `.values()` builds a
 * parameter per cell (hundreds of rows × twenty columns on the campaign fan-out) at a CPU cost
 * the hot paths feel. The columns are those a row gives (the rest take their defaults): rows
 * giving different columns go in one statement per shape. `suffix` is appended to each
 * (ON CONFLICT …, RETURNING …); the returned rows of all statements come back together.
 */
export async function insertRows<T extends PgTable, R = Record<string, unknown>>(
  tx: Executor,
  table: T,
  rows: T["$inferInsert"][],
  suffix: SQL = sql``,
): Promise<R[]> {
  const columns = getTableColumns(table);
  const shapes = new Map<string, { keys: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows as Record<string, unknown>[]) {
    const keys = Object.keys(row).filter((key) => key in columns && row[key] !== undefined);
    const shape = keys.join();
    const group = shapes.get(shape) ?? { keys, rows: [] };
    group.rows.push(row);
    shapes.set(shape, group);
  }
  // A statement per shape, all issued at once: in a transaction postgres.js pipelines them (and
  // PostgreSQL runs them in order), so a statement issued after this call's (the events of these
  // emails) still runs after every one of them.
  const statements = [...shapes.values()].map(({ keys, rows: group }) => {
    const names = keys.map((key) => {
      const column = columns[key]!;
      return column.keyAsName ? toSnakeCase(column.name) : column.name;
    });
    // Renamed in a plain loop: an array of pairs per row for Object.fromEntries cost half again
    // as much (the fan-out writes three rows an email), and same-shaped objects stringify faster.
    const json = JSON.stringify(
      group.map((row) => {
        const renamed: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) renamed[names[i]!] = row[keys[i]!];
        return renamed;
      }),
    );
    const list = sql.raw(names.map((name) => `"${name}"`).join(", "));
    return tx
      .execute(
        sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${json}::jsonb) ${suffix}`,
      )
      .then((result) => rowsOf<R>(result));
  });
  // Every statement settles before an error leaves (the caller's ROLLBACK must not race one):
  // lib/core/settle-all.ts's rule, written out here since db/ sits below lib/.
  const settled = await Promise.allSettled(statements);
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
  return settled.flatMap((r) => (r as PromiseFulfilledResult<R[]>).value);
}
