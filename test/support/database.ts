import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";

/**
 * Throw-away PostgreSQL databases on 127.0.0.1:5432 for tests. When no server answers, the
 * PostgreSQL half is skipped with a loud message (the PGlite half always runs).
 */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresAvailable(): Promise<boolean> {
  const sql = postgres(POSTGRES_ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

export async function createThrowawayDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mw_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    async drop() {
      const sql = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}

/**
 * A migrated database of the driver under test, for tests that read plans or storage directly:
 * a throw-away PostgreSQL database, or an in-memory PGlite. `close` also drops it.
 */
export async function migratedTestDatabase(driver: "pglite" | "postgres"): Promise<{
  handle: DatabaseHandle;
  close(): Promise<void>;
}> {
  const database = driver === "postgres" ? await createThrowawayDatabase() : undefined;
  const options = database ? { databaseUrl: database.url } : { memory: true };
  const handle = await openDatabase(options);
  await migrateDatabase({ ...options, handle });
  return {
    handle,
    async close() {
      await handle.close();
      await database?.drop();
    },
  };
}
