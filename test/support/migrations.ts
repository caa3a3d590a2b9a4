import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from "@/db";
import { TEST_DRIVER } from "./app";
import { createThrowawayDatabase, postgresAvailable } from "./database";

/**
 * A throw-away database of the driver under test, migrated up to just before the migration
 * `tag`, for tests of a hand-written migration: fill it as the old schema was, then
 * `migrateRest()` and look at what the migration made of it.
 */
export type DatabaseBeforeMigration = {
  handle: DatabaseHandle;
  /** Runs `tag` and every migration after it. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
};

export async function databaseBefore(tag: string): Promise<DatabaseBeforeMigration> {
  let handle: DatabaseHandle;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (TEST_DRIVER === "postgres") {
    if (!(await postgresAvailable()))
      throw new Error("PostgreSQL is not reachable on 127.0.0.1:5432");
    const database = await createThrowawayDatabase();
    databaseUrl = database.url;
    drop = database.drop;
    handle = await openDatabase({ databaseUrl, poolSize: 2 });
  } else {
    handle = await openDatabase({ memory: true });
  }
  const migrate = async (folder: string) => {
    if (databaseUrl) {
      const { default: postgres } = await import("postgres");
      const { drizzle } = await import("drizzle-orm/postgres-js");
      const { migrate: run } = await import("drizzle-orm/postgres-js/migrator");
      const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      await run(drizzle(client), { migrationsFolder: folder });
      await client.end({ timeout: 5 });
    } else {
      const { migrate: run } = await import("drizzle-orm/pglite/migrator");
      await run(handle.db as never, { migrationsFolder: folder });
    }
  };
  const before = migrationsBefore(tag);
  await migrate(before);
  return {
    handle,
    migrateRest: () => migrate(MIGRATIONS_FOLDER),
    async close() {
      await handle.close();
      await drop?.();
      fs.rmSync(before, { recursive: true, force: true });
    },
  };
}

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-migrations-"));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8"));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  if (at < 1) throw new Error(`no migration ${tag} with one before it in ${MIGRATIONS_FOLDER}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
