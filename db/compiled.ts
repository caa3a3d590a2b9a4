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
 * SQL tree (column casing, identifier escaping, `is()` checks on every chunk): 10–17 % of the
 * app's CPU in the bench:api contacts profile (README, issue 25). `build` runs on the first call;
 * a value written into its SQL directly (not a placeholder) is fixed from then on. On PostgreSQL
 * the text is the same on every call, so postgres.js prepares it once per connection
 * (db/index.ts); PGlite parses it each time. Runs on a database or inside a transaction, like
 * `executor.execute`.
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
