/**
 * npm run bench:send — on PostgreSQL, in one run:
 *   1. POST /v1/send req/s, p50/p99 at concurrency 32 against `next start` (WORKER=external, so
 *      the API is measured alone), beside (a) a bare node:http handler doing the same database
 *      transaction through the same driver;
 *   2. delivery: one `npm run worker` process draining the backlog to a local SMTP sink
 *      (emails/s), beside (b) one of those emails as the worker composes it, pre-built and pushed
 *      unsigned straight through the same pooled transport to the same sink.
 * Env: BENCH_REQUESTS (default 5000), BENCH_ROUNDS (default 5).
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "@/db";
import { emails } from "@/db/schema";
import { prepareInstance } from "@/lib/start/bootstrap";
import { readConfig } from "@/lib/core/config";
import { createProject } from "@/lib/projects/create";
import { makeRuntime } from "@/lib/start/runtime";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/database";
import { runAlternating, runLoad, waitForHttp } from "./lib/load";
import { markdownTable } from "./lib/table";
import { waitUntil } from "./lib/wait";
import { ensureBuild, startApp, startProcess, startScript, stopProcess } from "./lib/processes";
import { ceilingMessageOf, measuredCeiling } from "./lib/transport-ceiling";
import { cpuSecondsOfProcessesNamed, processCpuSeconds } from "./lib/cpu";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
/** Rounds the measured route and the no-op route alternate in (lib/load.ts runAlternating). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SINK_PORT = Number(process.env.BENCH_SINK_PORT ?? 2599);
const HTML = `<!doctype html><html><body><h1>Your receipt</h1><p>Thanks for your order, {{name}}.</p>
<p><a href="https://shop.example/orders/123">View your order</a> · <a href="https://shop.example/help">Help</a></p>
${"<p>Line item with a description that makes this a realistic transactional email body.</p>".repeat(20)}</body></html>`;

function sendBody(prefix: string, i: number) {
  return JSON.stringify({
    from: "Shop <orders@bench.test>",
    to: `${prefix}${i}@example.com`,
    subject: `Receipt #${i}`,
    html: HTML,
  });
}

async function main() {
  if (!(await postgresAvailable()))
    throw new Error("bench:send needs PostgreSQL on 127.0.0.1:5432");
  ensureBuild();
  const database = await createThrowawayDatabase();
  const sink = startProcess(
    "node_modules/.bin/tsx",
    ["bench/lib/smtp-sink.ts", String(SINK_PORT)],
    {},
    "pipe",
  );
  await new Promise((r) => sink.stdout!.once("data", r));
  const smtpUrl = `smtp://127.0.0.1:${SINK_PORT}`;
  try {
    await migrateDatabase({ databaseUrl: database.url });
    const handle = await openDatabase({ databaseUrl: database.url });
    const runtime = makeRuntime(handle, { ...readConfig(), databaseUrl: database.url });
    await prepareInstance(runtime);
    await runtime.jobs.start();
    await runtime.jobs.stop(1000);
    const { project, keys } = await createProject(
      handle.db,
      { name: "Bench", domain: "bench.test", verified: true },
      new Date(),
    );

    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtpUrl,
      WORKER: "external",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
    };
    const app = startApp(3202, {
      ...env,
      PORT: "3202",
    });
    const appUrl = "http://127.0.0.1:3202";
    await waitForHttp(appUrl);
    const auth = { authorization: `Bearer ${keys.live}` };
    const ok = (s: number) => s === 200;
    await runLoad({
      baseUrl: appUrl,
      concurrency: 8,
      requests: 300,
      next: (i) => ({
        method: "POST",
        path: "/api/v1/send",
        headers: auth,
        body: sendBody("warm", i),
      }),
      expectStatus: ok,
    });
    // The framework's own floor in the same server: an unknown /api/v1 route (the JSON 404
    // handler), no key lookup, no database (issue 25's target is a ratio to it). The two
    // alternate in rounds, so the ratio compares them at the same VM speed.
    const { api, floor } = await runAlternating(
      {
        api: {
          baseUrl: appUrl,
          concurrency: 32,
          requests: REQUESTS,
          next: (i) => ({
            method: "POST",
            path: "/api/v1/send",
            headers: auth,
            body: sendBody("api", i),
          }),
          expectStatus: ok,
        },
        floor: {
          baseUrl: appUrl,
          concurrency: 32,
          requests: REQUESTS,
          next: () => ({ method: "GET", path: "/api/v1/bench-floor" }),
          expectStatus: (s) => s === 404,
        },
      },
      ROUNDS,
    );
    await stopProcess(app);

    const bare = startProcess("node_modules/.bin/tsx", ["bench/bare-send-server.ts"], {
      ...env,
      PORT: "3211",
      BENCH_PROJECT_ID: project.id,
    });
    const bareUrl = "http://127.0.0.1:3211";
    await waitForHttp(bareUrl);
    await runLoad({
      baseUrl: bareUrl,
      concurrency: 8,
      requests: 300,
      next: (i) => ({ method: "POST", path: "/", body: sendBody("warmbare", i) }),
      expectStatus: ok,
    });
    const reference = await runLoad({
      baseUrl: bareUrl,
      concurrency: 32,
      requests: REQUESTS,
      next: (i) => ({ method: "POST", path: "/", body: sendBody("bare", i) }),
      expectStatus: ok,
    });
    await stopProcess(bare);

    // Delivery: one worker process drains every email accepted above.
    const [{ total }] = (await handle.db.execute(
      sql`select count(*)::int as total from emails where status = 'sent'`,
    )) as unknown as [{ total: number }];
    const worker = startScript("scripts/worker.ts", env);
    let firstAt = 0;
    let workerCpuAtFirst = 0;
    let postgresCpuAtFirst = 0;
    await waitUntil(
      `${total} deliveries`,
      async () => {
        const [row] = (await handle.db.execute(
          sql`select count(*) filter (where status = 'delivered')::int as delivered,
                     count(*) filter (where status in ('queued', 'sent'))::int as pending
              from emails`,
        )) as unknown as [{ delivered: number; pending: number }];
        if (row.delivered > 0 && !firstAt) {
          firstAt = performance.now();
          workerCpuAtFirst = processCpuSeconds(worker.pid!) ?? 0;
          postgresCpuAtFirst = cpuSecondsOfProcessesNamed("postgres");
        }
        const status = `${row.delivered} delivered, ${row.pending} pending`;
        if (row.pending === 0 && row.delivered < total)
          throw new Error(`only ${row.delivered} of ${total} emails were delivered: ${status}`);
        return { done: row.delivered >= total, status };
      },
      { intervalMs: 100 },
    );
    const deliverySeconds = (performance.now() - firstAt) / 1000;
    const deliveryRate = total / deliverySeconds;
    // CPU an email (the first poll's share of the worker's start-up is not counted).
    const workerCpuMs = (((processCpuSeconds(worker.pid!) ?? 0) - workerCpuAtFirst) * 1000) / total;
    const postgresCpuMs =
      ((cpuSecondsOfProcessesNamed("postgres") - postgresCpuAtFirst) * 1000) / total;
    await stopProcess(worker);

    const f = (n: number, d = 0) => n.toFixed(d);
    // (b) the ceiling: one of those emails as the worker composed it (tracked HTML, derived
    // text), pre-built, pushed unsigned through the same pooled transport to the same sink.
    const [sample] = await handle.db.select().from(emails).limit(1);
    const { message, dkim } = await ceilingMessageOf(runtime, sample!);
    // Three runs of at least 10,000 messages, the median: one short run moved 2× between runs.
    const ceilingRuns: { rate: number; cpuMs: number }[] = [];
    const ceilingMessages = Math.max(total, 10_000);
    const receipt = { ...message, subject: (i: number) => `Receipt #${i}` };
    for (let run = 0; run < 3; run++)
      ceilingRuns.push(await measuredCeiling(smtpUrl, ceilingMessages, receipt));
    ceilingRuns.sort((a, b) => a.rate - b.rate);
    const { rate: rawRate, cpuMs: ceilingCpuMs } = ceilingRuns[1]!;
    const ceilingRange = `${f(ceilingRuns[0]!.rate)}–${f(ceilingRuns[2]!.rate)}`;
    // Context: the same pushed DKIM-signed, as every email of a verified domain is (one run).
    const { rate: signedRate, cpuMs: signedCpuMs } = await measuredCeiling(
      smtpUrl,
      ceilingMessages,
      { ...receipt, dkim },
    );
    await handle.close();

    console.log(
      `\nbench:send — ${REQUESTS} POSTs at concurrency 32; ${total} deliveries to a local SMTP sink`,
    );
    console.log(
      `machine: ${os.cpus().length}× ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, PostgreSQL\n`,
    );
    const accepted = `${f(api.rps)} (${f(api.p50, 1)} / ${f(api.p99, 1)})`;
    console.log(
      markdownTable(
        ["figure", "Mailwright", "reference", "ratio", "target"],
        [
          [
            "POST /v1/send req/s (p50 / p99 ms)",
            accepted,
            `${f(floor.rps)}: Next.js no-op route (an unknown /api/v1 path), same server`,
            (api.rps / floor.rps).toFixed(2),
            "≥ 0.8",
          ],
          [
            "POST /v1/send req/s, against the bare transaction",
            accepted,
            `${f(reference.rps)} (${f(reference.p50, 1)} / ${f(reference.p99, 1)}) bare node:http, same transaction`,
            (api.rps / reference.rps).toFixed(2),
            "(context)",
          ],
          [
            "delivery emails/s",
            `${f(deliveryRate)} (1 worker process)`,
            `${f(rawRate)} one of those emails pre-built (tracked HTML, text part), same pooled transport, unsigned (median of 3 runs of ${ceilingMessages}: ${ceilingRange})`,
            (deliveryRate / rawRate).toFixed(2),
            "≥ 0.5",
          ],
          [
            "delivery emails/s, against the signed ceiling",
            `${f(deliveryRate)}`,
            `${f(signedRate)} the same pushed DKIM-signed (${f(signedCpuMs, 3)} CPU ms a message)`,
            (deliveryRate / signedRate).toFixed(2),
            "(context)",
          ],
          [
            "delivery CPU ms an email",
            `${f(workerCpuMs, 3)} in the worker (+ ${f(postgresCpuMs, 3)} in PostgreSQL)`,
            `${f(ceilingCpuMs, 3)} a message pushed pre-built (the ceiling's process)`,
            (ceilingCpuMs / workerCpuMs).toFixed(2),
            "(context)",
          ],
        ],
      ),
    );
    if (api.errors || reference.errors)
      console.log(`errors: api ${api.errors}, reference ${reference.errors}`);
  } finally {
    await stopProcess(sink);
    await database.drop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
