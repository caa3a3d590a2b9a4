import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

/**
 * The one database module. PGlite (embedded Postgres in DATA_DIR) when DATABASE_URL is unset,
 * postgres.js when it is set; everything above this file is identical for both.
 */
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Runs SQL with positional parameters and returns plain rows (driver-neutral). Without
   * parameters the text may hold several statements; the last one's rows are returned.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  memory?: boolean;
};

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.memory ? undefined : path.join(options.dataDir ?? ".data", "pglite"));
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = alwaysPrepared(
    postgres(url, {
      max: poolSize,
      onnotice: () => {},
      connection: { application_name: "mailwright" },
    }),
  );
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    query: async (text, params = []) => {
      if (params.length > 0)
        return (await client.unsafe(text, params as never[])) as unknown as never[];
      // Simple protocol: allows multi-statement text; postgres.js returns one result per statement.
      const result = (await client.unsafe(text).simple()) as unknown as unknown[];
      const last =
        Array.isArray(result[0]) || result.length === 0 ? result[result.length - 1] : result;
      return (Array.isArray(last) ? last : result) as never[];
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // Contact and recipient search use trigram indexes (migration 0013 creates the extension).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    query: async (text, params = []) => {
      if (params.length > 0) return (await client.query(text, params)).rows as never[];
      const results = await client.exec(text);
      return (results[results.length - 1]?.rows ?? []) as never[];
    },
    close: () => client.close(),
  };
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so web processes can race. */
export async function migrateDatabase(options: OpenOptions & { handle?: DatabaseHandle }) {
  if (options.databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await client`select pg_advisory_lock(7243019)`;
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client`select pg_advisory_unlock(7243019)`.catch(() => {});
      await client.end({ timeout: 5 });
    }
    return;
  }
  if (!options.handle) throw new Error("migrateDatabase on PGlite needs the open handle");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(options.handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Rows of `db.execute(…)`: postgres.js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

type PostgresClient = import("postgres").Sql;

/**
 * Drizzle sends every query through postgres.js `unsafe(…, { prepare: false })`, so PostgreSQL
 * parses and plans each statement on every call. Our statements come from a small fixed set of
 * shapes, so we let postgres.js prepare them (it keeps one named statement per text and
 * connection). Transactions get their own connection object, patched the same way.
 */
function alwaysPrepared<T extends PostgresClient>(sql: T): T {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((query: string, args?: unknown[], options?: Record<string, unknown>) =>
    Array.isArray(args) && args.length > 0
      ? unsafe(query, args as never[], { ...options, prepare: true })
      : unsafe(query, args as never[], options)) as typeof sql.unsafe;
  const begin = (sql as { begin?: (...a: unknown[]) => unknown }).begin?.bind(sql);
  if (begin) {
    (sql as { begin: unknown }).begin = (...params: unknown[]) => {
      const fn = params[params.length - 1] as (tx: PostgresClient) => unknown;
      params[params.length - 1] = (tx: PostgresClient) => fn(alwaysPrepared(tx));
      return begin(...params);
    };
  }
  return sql;
}
