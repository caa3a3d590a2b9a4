import type { SQL } from "drizzle-orm";
import { rowsOf, type Executor } from "./index";

type Query = { sql: string; params: unknown[] };

/** The parts of a Drizzle database or transaction a compiled statement runs through. */
type DrizzleInternals = {
  dialect: { sqlToQuery(query: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: undefined,
      isResponseInArrayMode: boolean,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
};

/**
 * A statement of a hot path that Drizzle builds once, with `sql.placeholder("name")` wherever a
 * value goes, and then only runs: `run(executor, { name: value })`. Building a query walks its
 * SQL tree (column casing, identifier escaping, `is()` checks on every chunk); for the API's
 * upserts that cost more CPU than the driver's whole round trip (bench:api profile, issue 25).
 * The text is the same on every call, so PostgreSQL also reuses its prepared plan (db/index.ts).
 * Runs on a database or inside a transaction, like `executor.execute`.
 */
export function compiledStatement<Values extends Record<string, unknown>>(build: () => SQL) {
  let query: Query | undefined;
  return async function run<Row>(executor: Executor, values: Values): Promise<Row[]> {
    const drizzle = executor as unknown as DrizzleInternals;
    query ??= drizzle.dialect.sqlToQuery(build());
    const prepared = drizzle.session.prepareQuery(query, undefined, undefined, false);
    return rowsOf<Row>(await prepared.execute(values));
  };
}
