/**
 * npx tsx bench/import-webhooks.ts — what contact webhooks cost a CSV import: imports
 * BENCH_IMPORT_ROWS (default 10,000) new contacts, then the same file again with a changed
 * column (every row an update), through POST /v1/contacts/import processed within the request
 * (WORKER=off), in a fresh project for each case: no webhook endpoint, an endpoint subscribed
 * to email events only, and one receiving every type (deliveries queued, none sent). Prints
 * the median of BENCH_RUNS (default 3) for each; BENCH_CASES=1 runs the first case only (the
 * same file run on an older checkout gives the before-and-after of a change). Driver:
 * MW_TEST_DRIVER (pglite or postgres).
 */
import { count, eq } from "drizzle-orm";
import { webhookDeliveries } from "@/db/schema";
import { startTestApp, TEST_DRIVER, type TestApp } from "../test/support/app";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const CASES: { name: string; events?: string[] }[] = [
  { name: "no endpoint" },
  { name: "endpoint for email.* only", events: ["email.delivered", "email.bounced"] },
  { name: "endpoint for every type", events: undefined },
];

function csv(round: number, plan: string) {
  const lines = ["email,name,plan"];
  for (let i = 0; i < ROWS; i++) lines.push(`r${round}-${i}@bench.test,Reader ${i},${plan}`);
  return lines.join("\n");
}

async function timedImport(app: TestApp, key: string, body: string) {
  const started = performance.now();
  const response = await fetch(`${app.baseUrl}/api/v1/contacts/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
    body,
  });
  const result = (await response.json()) as { status: string; created: number; updated: number };
  const ms = performance.now() - started;
  if (response.status !== 200 || result.status !== "completed")
    throw new Error(`import failed: ${response.status} ${JSON.stringify(result)}`);
  return { ms, result };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const app = await startTestApp({ worker: "off", config: { webhookAllowPrivate: true } });
  try {
    console.log(`${TEST_DRIVER}, ${ROWS} rows, median of ${RUNS}`);
    for (const { name, events } of CASES.slice(
      0,
      Number(process.env.BENCH_CASES ?? CASES.length),
    )) {
      const creates: number[] = [];
      const updates: number[] = [];
      let deliveries = 0;
      for (let run = 0; run < RUNS; run++) {
        const project = await app.createProject({ name: `${name} ${run}` });
        if (name !== "no endpoint") {
          const hook = await app.api("/v1/webhooks", {
            method: "POST",
            key: project.live,
            body: { url: "https://hooks.example.com/in", ...(events && { events }) },
          });
          if (hook.status !== 201) throw new Error(hook.text);
        }
        creates.push((await timedImport(app, project.live, csv(run, "free"))).ms);
        updates.push((await timedImport(app, project.live, csv(run, "pro"))).ms);
        const [row] = await app.runtime.db
          .select({ n: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.projectId, project.id));
        deliveries = row!.n;
      }
      console.log(
        `${name.padEnd(28)} create ${median(creates).toFixed(0).padStart(6)} ms   ` +
          `update ${median(updates).toFixed(0).padStart(6)} ms   deliveries queued ${deliveries}`,
      );
    }
  } finally {
    await app.close();
  }
}

await main();
