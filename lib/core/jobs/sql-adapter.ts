import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DatabaseHandle, type Executor } from "@/db";

/** pg-boss talks to the database through `executeSql(text, values)`; these adapt ours to it. */
export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** Outside a transaction: the process's driver handle (PGlite or postgres.js). */
export function handleAdapter(handle: DatabaseHandle): BossDb {
  return {
    async executeSql(text, values = []) {
      return {
        rows: await handle.query(
          text,
          values.map((v) => v ?? null),
        ),
      };
    },
  };
}

/**
 * Inside a Drizzle transaction: jobs are inserted by the same transaction that records the rows
 * they act on (transactional outbox), so a rollback drops the job and a commit publishes it.
 */
export function transactionAdapter(tx: Executor): BossDb {
  return {
    async executeSql(text, values = []) {
      return { rows: rowsOf(await tx.execute(toDrizzleSql(text, values))) };
    },
  };
}

/** `$1`-style text + values → a Drizzle SQL object with bound parameters. */
export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else chunks.push(sql`${sql.param(toParam(values[Number(parts[i]) - 1]))}`);
  }
  return sql.join(chunks);
}

/**
 * Drizzle drops `undefined` chunks (missing parameters must be explicit nulls), and postgres.js
 * does not serialise plain objects (job data is sent as JSON text; `$n::jsonb` casts it).
 */
function toParam(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (
    typeof value === "object" &&
    !(value instanceof Date) &&
    !Array.isArray(value) &&
    !Buffer.isBuffer(value)
  ) {
    return JSON.stringify(value);
  }
  return value;
}
