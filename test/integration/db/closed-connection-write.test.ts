import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVER } from "../../support/app";
import { createThrowawayDatabase } from "../../support/database";
import { startTcpProxy } from "../../support/tcp-proxy";

/**
 * postgres.js 3.4.9 writes a short statement on the next turn of the event loop; on a connection
 * whose socket had closed meanwhile (a transaction's next statement after PostgreSQL went away)
 * that write read a null socket and threw outside any promise, and the process died: the
 * surviving worker of test/integration/campaigns/crash.test.ts did so once the database came
 * back (porsager/postgres#1154, #1208). scripts/patch-dependencies.mjs fixes it at install: the
 * statement is refused with CONNECTION_CLOSED, and the connection is usable once reconnected.
 */
let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

beforeAll(async () => {
  if (TEST_DRIVER !== "postgres") return;
  database = await createThrowawayDatabase();
  const url = new URL(database.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
});
afterAll(async () => {
  await proxy?.close();
  await database?.drop();
});

describe(`a statement on a connection that closed (${TEST_DRIVER})`, () => {
  it.skipIf(TEST_DRIVER !== "postgres")(
    "is refused with CONNECTION_CLOSED and does not take the process down; the pool recovers",
    async () => {
      const url = new URL(database.url);
      url.host = `127.0.0.1:${proxy.port}`;
      const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      // Vitest reports an uncaught exception as a failure of its own; this names it here.
      process.prependListener("uncaughtException", onUncaught);
      try {
        const failed = await sql
          .begin(async (tx) => {
            await tx`select 1`;
            await proxy.interrupt(300);
            await new Promise((resolve) => setTimeout(resolve, 50));
            await tx`select 2`;
          })
          .then(
            () => null,
            (error: { code?: string }) => error,
          );
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(uncaught).toEqual([]);
        expect(failed?.code).toMatch(/CONNECTION_(CLOSED|DESTROYED)|ECONNRESET/);
        // The same pooled connection reconnects and runs statements again.
        const [row] = await sql<{ n: number }[]>`select 3 as n`;
        expect(row?.n).toBe(3);
      } finally {
        process.removeListener("uncaughtException", onUncaught);
        await sql.end({ timeout: 1 });
      }
    },
  );
});
