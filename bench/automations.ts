/**
 * npm run bench:automations — on PostgreSQL, in one run:
 *   1. POST /v1/events req/s at concurrency 32 against `next start` (WORKER=external), each event
 *      enrolling one of BENCH_CONTACTS contacts into `delay → branch → email`; beside a bare
 *      node:http server recording the same events through the same driver;
 *   2. two `npm run worker` processes start the runs (the delay step), then the clock passes the
 *      delay (every timer is set due) and they execute the branch and email steps: steps/s and the
 *      time until every run completes; beside the same two-process setup draining the same number
 *      of no-op jobs from the same pg-boss queue (the ceiling the engine sits on).
 * No SMTP is configured: emails are recorded with their delivery jobs, not delivered (bench:send
 * measures delivery). Env: BENCH_CONTACTS (default 100000), BENCH_ROUNDS (default 5).
 */
import os from "node:os";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";
import { createAutomation } from "@/lib/automations/create";
import { updateAutomation } from "@/lib/automations/update";
import { prepareInstance } from "@/lib/start/bootstrap";
import { readConfig } from "@/lib/core/config";
import { serviceContext } from "@/lib/core/context";
import { createProject } from "@/lib/projects/create";
import { makeRuntime } from "@/lib/start/runtime";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/database";
import { runAlternating, runLoad, waitForHttp, type LoadResult } from "./lib/load";
import { markdownTable } from "./lib/table";
import { ensureBuild, startApp, startScript, stopProcess } from "./lib/processes";
import { seedContacts } from "./lib/seed";
import { waitUntil } from "./lib/wait";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
/** Rounds the measured route and the no-op route alternate in (lib/load.ts runAlternating). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WORKERS = 2;
const NOOP_QUEUE = "bench-noop";

async function count(handle: DatabaseHandle, query: string, params: unknown[] = []) {
  const [row] = await handle.query<{ n: number }>(query, params);
  return Number(row?.n ?? 0);
}

const eventBody = (name: string, i: number) =>
  JSON.stringify({ name, email: `seed${i + 1}@bench.test`, data: { order: i } });

async function main() {
  if (!(await postgresAvailable())) throw new Error("bench:automations needs PostgreSQL");
  ensureBuild();
  const database = await createThrowawayDatabase();
  const workers: ReturnType<typeof startScript>[] = [];
  try {
    await migrateDatabase({ databaseUrl: database.url });
    const handle = await openDatabase({ databaseUrl: database.url });
    const runtime = makeRuntime(handle, { ...readConfig(), databaseUrl: database.url });
    await prepareInstance(runtime);
    const { project, keys } = await createProject(
      handle.db,
      { name: "Bench", domain: "bench.test", verified: true },
      new Date(),
    );
    await seedContacts(handle, project.id, CONTACTS);
    const ctx = serviceContext(runtime, project.id);
    const automation = await createAutomation(ctx, {
      name: "Bench flow",
      trigger: { event: "event", name: "bench.go" },
      steps: [
        { id: "wait", type: "delay", delayMinutes: 60 },
        {
          id: "plan",
          type: "branch",
          branchCondition: { field: "data.plan", operator: "equals", value: "pro" },
          nextTrue: "pro",
          nextFalse: "free",
        },
        { id: "pro", type: "email", templateId: "tpl_system_welcome", next: null },
        { id: "free", type: "email", templateId: "tpl_system_welcome", subjectOverride: "Hi" },
      ],
    });
    await updateAutomation(ctx, automation.id, { status: "live" });

    // 1. Events through the API (enrolling every contact), then the bare reference.
    const env = {
      DATABASE_URL: database.url,
      WORKER: "external",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
    };
    const app = startApp(3203, env);
    const appUrl = "http://127.0.0.1:3203";
    await waitForHttp(appUrl);
    const auth = { authorization: `Bearer ${keys.live}` };
    const created = (s: number) => s === 201;
    const post = (name: string) => (i: number) => ({
      method: "POST",
      path: "/api/v1/events",
      headers: auth,
      body: eventBody(name, i),
    });
    await runLoad({
      baseUrl: appUrl,
      concurrency: 8,
      requests: 300,
      next: post("warm"),
      expectStatus: created,
    });

    // The framework's own floor in the same server: an unknown /api/v1 route (the JSON 404
    // handler), no database work at all. The two alternate in rounds, so the ratio compares them
    // at the same VM speed.
    const { api, floor } = await runAlternating(
      {
        api: {
          baseUrl: appUrl,
          concurrency: 32,
          requests: CONTACTS,
          next: post("bench.go"),
          expectStatus: created,
        },
        floor: {
          baseUrl: appUrl,
          concurrency: 32,
          requests: 5000,
          next: () => ({ method: "GET", path: "/api/v1/bench-floor" }),
          expectStatus: (s) => s === 404,
        },
      },
      ROUNDS,
    );
    await stopProcess(app);
    const bare = startScript("bench/bare-event-server.ts", {
      ...env,
      PORT: "3212",
      BENCH_PROJECT_ID: project.id,
    });
    const bareUrl = "http://127.0.0.1:3212";
    await waitForHttp(bareUrl);
    const bareEvent = (i: number) => ({
      method: "POST",
      path: "/",
      body: eventBody("bench.ref", i),
    });
    await runLoad({
      baseUrl: bareUrl,
      concurrency: 8,
      requests: 300,
      next: bareEvent,
      expectStatus: created,
    });
    const reference = await runLoad({
      baseUrl: bareUrl,
      concurrency: 32,
      requests: CONTACTS,
      next: bareEvent,
      expectStatus: created,
    });
    await stopProcess(bare);
    const runs = await count(handle, "select count(*)::int as n from automation_runs");

    // 2. The engine: two worker processes start every run (delay step), then the clock passes.
    // As `npm run worker` runs them (React's production build).
    const workerEnv = { ...env, AUTOMATION_POLL_MS: "200", NODE_ENV: "production" };
    const enterStarted = performance.now();
    for (let i = 0; i < WORKERS; i++) workers.push(startScript("scripts/worker.ts", workerEnv));
    await waitUntil(
      "every run delayed",
      async () =>
        (await count(
          handle,
          "select count(*)::int as n from automation_runs where status = 'delayed'",
        )) === runs,
    );
    const enterSeconds = (performance.now() - enterStarted) / 1000;
    const stepsBefore = await count(handle, "select count(*)::int as n from automation_step_runs");
    const passStarted = performance.now();
    await handle.query("update automation_runs set resume_at = now() where status = 'delayed'");
    await waitUntil(
      "every run completed",
      async () =>
        (await count(
          handle,
          "select count(*)::int as n from automation_runs where status in ('completed', 'failed')",
        )) === runs,
    );
    const passSeconds = (performance.now() - passStarted) / 1000;
    const steps =
      (await count(handle, "select count(*)::int as n from automation_step_runs")) - stepsBefore;
    const failed = await count(
      handle,
      "select count(*)::int as n from automation_runs where status = 'failed'",
    );
    const emails = await count(
      handle,
      "select count(*)::int as n from emails where type = 'automation'",
    );
    for (const worker of workers.splice(0)) await stopProcess(worker);

    // 3. The ceiling: the same queue, the same number of jobs, each doing nothing.
    const boss = runtime.jobs.boss;
    await runtime.jobs.start();
    await boss.createQueue(NOOP_QUEUE);
    for (let i = 0; i < steps; i += 5000) {
      const jobs = Array.from({ length: Math.min(5000, steps - i) }, () => ({
        name: NOOP_QUEUE,
        data: {},
      }));
      await boss.insert(jobs);
    }
    await runtime.jobs.stop(1000);
    const noopStarted = performance.now();
    for (let i = 0; i < WORKERS; i++)
      workers.push(
        startScript("bench/noop-worker.ts", { ...workerEnv, BENCH_NOOP_QUEUE: NOOP_QUEUE }),
      );
    const pending = () =>
      count(
        handle,
        "select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'",
        [NOOP_QUEUE],
      );
    await waitUntil("no-op jobs drained", async () => (await pending()) === 0);
    const noopSeconds = (performance.now() - noopStarted) / 1000;
    for (const worker of workers.splice(0)) await stopProcess(worker);
    await handle.close();

    report({
      api,
      reference,
      floor,
      runs,
      enterSeconds,
      steps,
      passSeconds,
      failed,
      emails,
      noopSeconds,
    });
  } finally {
    for (const worker of workers) await stopProcess(worker);
    await database.drop();
  }
}

function report(r: {
  api: LoadResult;
  reference: LoadResult;
  floor: LoadResult;
  runs: number;
  enterSeconds: number;
  steps: number;
  passSeconds: number;
  failed: number;
  emails: number;
  noopSeconds: number;
}) {
  const f = (n: number, d = 0) =>
    n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  const stepRate = r.steps / r.passSeconds;
  const noopRate = r.steps / r.noopSeconds;
  console.log(
    `\nbench:automations — ${f(r.runs)} runs of delay → branch → email, ${WORKERS} worker processes`,
  );
  console.log(
    `machine: ${os.cpus().length}× ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, PostgreSQL\n`,
  );
  const events = `${f(r.api.rps)} (${f(r.api.p50, 1)} / ${f(r.api.p99, 1)})`;
  console.log(
    markdownTable(
      ["figure", "Mailwright", "reference", "ratio", "target"],
      [
        [
          "POST /v1/events req/s (p50 / p99 ms)",
          events,
          `${f(r.floor.rps)}: Next.js no-op route (an unknown /api/v1 path), same server`,
          (r.api.rps / r.floor.rps).toFixed(2),
          "≥ 0.8",
        ],
        [
          "POST /v1/events req/s, against the bare insert",
          events,
          `${f(r.reference.rps)} (${f(r.reference.p50, 1)} / ${f(r.reference.p99, 1)}) bare node:http insert, same driver`,
          (r.api.rps / r.reference.rps).toFixed(2),
          "(context)",
        ],
        [
          "steps/s after the delay (branch + email)",
          `${f(stepRate)} (${f(r.steps)} steps, all runs done in ${f(r.passSeconds, 1)} s)`,
          `${f(noopRate)} no-op jobs/s, same queue, same count (${f(r.noopSeconds, 1)} s)`,
          (stepRate / noopRate).toFixed(2),
          "≥ 0.5",
        ],
      ],
    ),
  );
  console.log(
    `starting every run (delay step): ${f(r.runs / r.enterSeconds)} runs/s; emails recorded: ${f(r.emails)}; failed runs: ${r.failed}`,
  );
  if (r.api.errors || r.reference.errors)
    console.log(`errors: api ${r.api.errors}, reference ${r.reference.errors}`);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
