/**
 * npm run bench:api — seeds BENCH_CONTACTS (default 1,000,000) contacts, then on PostgreSQL and
 * on PGlite measures, against `next start`:
 *   - POST /v1/contacts req/s and p50/p99 at concurrency 32, beside a bare node:http server doing
 *     the same upsert through the same driver in the same run (the ratio is the figure);
 *   - GET /v1/contacts latency for the first page and for a page deep in the list.
 * Env: BENCH_CONTACTS, BENCH_REQUESTS (default 5000), BENCH_ROUNDS (default 5), BENCH_DRIVERS
 * (postgres,pglite).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";
import { prepareInstance } from "@/lib/start/bootstrap";
import { readConfig } from "@/lib/core/config";
import { encodeCursor } from "@/lib/core/pagination";
import { createProject } from "@/lib/projects/create";
import { makeRuntime } from "@/lib/start/runtime";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/database";
import { runAlternating, runLoad, waitForHttp, type LoadResult } from "./lib/load";
import { markdownTable } from "./lib/table";
import { ensureBuild, startApp, startProcess, stopProcess } from "./lib/processes";
import { seedContacts } from "./lib/seed";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
/** Rounds the measured route and the no-op route alternate in (lib/load.ts runAlternating). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = 32;
const DRIVERS = (process.env.BENCH_DRIVERS ?? "postgres,pglite").split(",");

type DriverSetup = {
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  cleanup: () => Promise<void>;
};

async function setupDriver(driver: string): Promise<DriverSetup> {
  if (driver === "postgres") {
    const database = await createThrowawayDatabase();
    await migrateDatabase({ databaseUrl: database.url });
    return {
      env: { DATABASE_URL: database.url },
      open: () => openDatabase({ databaseUrl: database.url, poolSize: 10 }),
      cleanup: database.drop,
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-bench-"));
  return {
    env: { DATA_DIR: dataDir },
    open: async () => {
      const handle = await openDatabase({ dataDir });
      await migrateDatabase({ handle });
      return handle;
    },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

const contactBody = (prefix: string, i: number) =>
  JSON.stringify({
    email: `${prefix}${i}@bench.test`,
    name: `Bench ${i}`,
    data: { plan: "pro", i },
  });

async function latency(baseUrl: string, pathName: string, key: string): Promise<LoadResult> {
  return runLoad({
    baseUrl,
    concurrency: 1,
    requests: 300,
    next: () => ({ method: "GET", path: pathName, headers: { authorization: `Bearer ${key}` } }),
    expectStatus: (s) => s === 200,
  });
}

async function benchDriver(driver: string) {
  console.log(`\n=== ${driver} ===`);
  const setup = await setupDriver(driver);
  try {
    const handle = await setup.open();
    const runtime = makeRuntime(handle, readConfig());
    await prepareInstance(runtime);
    const { project, keys } = await createProject(handle.db, { name: "Bench" }, new Date());
    const started = Date.now();
    await seedContacts(handle, project.id, CONTACTS);
    console.log(`  seeding took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const [deep] = await handle.query<{ created_at: string | Date; id: string }>(
      `select created_at, id from contacts where project_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [project.id, Math.floor(CONTACTS * 0.9)],
    );
    const deepCursor = encodeCursor(`${project.id}:contacts`, {
      createdAt: new Date(deep!.created_at),
      id: deep!.id,
    });
    await handle.close();

    const env = {
      ...setup.env,
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      WORKER: "off",
    };
    const appPort = 3201;
    const app = startApp(appPort, {
      ...env,
      PORT: String(appPort),
    });
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitForHttp(appUrl);
    const auth = { authorization: `Bearer ${keys.live}` };
    // Warm up JIT, route compilation and the connection pool.
    await runLoad({
      baseUrl: appUrl,
      concurrency: 8,
      requests: 500,
      next: (i) => ({
        method: "POST",
        path: "/api/v1/contacts",
        headers: auth,
        body: contactBody("warm", i),
      }),
      expectStatus: (s) => s < 300,
    });

    // The framework's own floor in the same server: a route handler that does nothing (the JSON
    // 404 for unknown /v1 paths: no key lookup, no database). The two alternate in rounds, so
    // the ratio compares them at the same VM speed.
    const { api, floor } = await runAlternating(
      {
        api: {
          baseUrl: appUrl,
          concurrency: CONCURRENCY,
          requests: REQUESTS,
          next: (i) => ({
            method: "POST",
            path: "/api/v1/contacts",
            headers: auth,
            body: contactBody("api", i),
          }),
          expectStatus: (s) => s === 201 || s === 200,
        },
        floor: {
          baseUrl: appUrl,
          concurrency: CONCURRENCY,
          requests: REQUESTS,
          next: () => ({ method: "GET", path: "/api/v1/bench-floor" }),
          expectStatus: (s) => s === 404,
        },
      },
      ROUNDS,
    );
    const firstPage = await latency(appUrl, "/api/v1/contacts?limit=50", keys.live);
    const deepPage = await latency(
      appUrl,
      `/api/v1/contacts?limit=50&cursor=${encodeURIComponent(deepCursor)}`,
      keys.live,
    );
    await stopProcess(app);

    const barePort = 3210;
    const bare = startProcess("node_modules/.bin/tsx", ["bench/bare-server.ts"], {
      ...env,
      PORT: String(barePort),
      BENCH_PROJECT_ID: project.id,
    });
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitForHttp(bareUrl);
    await runLoad({
      baseUrl: bareUrl,
      concurrency: 8,
      requests: 500,
      next: (i) => ({ method: "POST", path: "/", body: contactBody("warmbare", i) }),
      expectStatus: (s) => s < 300,
    });
    const reference = await runLoad({
      baseUrl: bareUrl,
      concurrency: CONCURRENCY,
      requests: REQUESTS,
      next: (i) => ({ method: "POST", path: "/", body: contactBody("bare", i) }),
      expectStatus: (s) => s === 201 || s === 200,
    });
    await stopProcess(bare);
    return { driver, api, reference, floor, firstPage, deepPage };
  } finally {
    await setup.cleanup();
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main() {
  ensureBuild();
  const results = [];
  for (const driver of DRIVERS) {
    if (driver === "postgres" && !(await postgresAvailable())) {
      console.error("!! PostgreSQL not reachable on 127.0.0.1:5432: skipping the postgres half");
      continue;
    }
    results.push(await benchDriver(driver));
  }
  console.log(
    `\nbench:api — ${CONTACTS.toLocaleString()} seeded contacts, ${REQUESTS} POSTs at concurrency ${CONCURRENCY}`,
  );
  console.log(
    `machine: ${os.cpus().length}× ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}\n`,
  );
  console.log(
    markdownTable(
      [
        "driver",
        "POST /v1/contacts req/s",
        "p50 ms",
        "p99 ms",
        "Next.js no-op route req/s",
        "ratio to no-op (target ≥ 0.8)",
        "bare node:http, same upsert, req/s",
        "ratio to bare",
        "GET first page p99 ms",
        "GET deep page p99 ms",
        "deep/first",
      ],
      results.map((r) => [
        r.driver,
        fmt(r.api.rps, 0),
        fmt(r.api.p50),
        fmt(r.api.p99),
        fmt(r.floor.rps, 0),
        fmt(r.api.rps / r.floor.rps, 2),
        fmt(r.reference.rps, 0),
        fmt(r.api.rps / r.reference.rps, 2),
        fmt(r.firstPage.p99),
        fmt(r.deepPage.p99),
        fmt(r.deepPage.p99 / r.firstPage.p99, 2),
      ]),
    ),
  );
  for (const r of results) {
    if (r.api.errors || r.reference.errors)
      console.log(`  (errors: api ${r.api.errors}, reference ${r.reference.errors})`);
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
