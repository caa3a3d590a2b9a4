/**
 * npm run bench:search — on a throw-away PostgreSQL database: seeds BENCH_CONTACTS contacts and
 * BENCH_EMAILS emails (default 1,000,000 each, INSERT … SELECT generate_series), ANALYZEs, then
 * times contact search and every Emails log filter through the real lib/ services (a dashboard
 * page of 25), printing p50/p95 per query and the plan PostgreSQL chose (EXPLAIN ANALYZE of the
 * very statement the service sent), so an index that is not used shows.
 */
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { migrateDatabase, openDatabase, type Database, type DatabaseHandle } from "@/db";
import * as schema from "@/db/schema";
import { listContacts } from "@/lib/contacts/list";
import { serviceContext, type ServiceContext } from "@/lib/core/context";
import { readConfig } from "@/lib/core/config";
import { countContacts } from "@/lib/contacts/count";
import { listEmails } from "@/lib/emails/list";
import { createProject } from "@/lib/projects/create";
import { makeRuntime } from "@/lib/start/runtime";
import { prepareInstance } from "@/lib/start/bootstrap";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/database";
import { seedSearchContacts, seedSearchEmails } from "./lib/seed-search";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TARGET_MS = 200;
const PAGE = 25;
const COUNT_CAP = 1_000; // as the contacts page counts a search

type Case = { name: string; run: (ctx: ServiceContext) => Promise<unknown> };

const contactCases: Case[] = [
  ["part of email, common (30%)", "gmail"],
  ["part of name, common (2.5%)", "maria"],
  ["email and name (1%)", "silva"],
  ["part of name, rare (20 rows)", "wojciechowska"],
  ["part of email, one row", "987654@"],
  ["no match", "zzqx"],
  ["two letters", "li"],
].flatMap(([label, term]) => [
  {
    name: `contacts: ${label} "${term}"`,
    run: (ctx) => listContacts(ctx, { search: term, limit: PAGE }),
  },
  {
    name: `contacts count ≤ ${COUNT_CAP}: "${term}"`,
    run: (ctx) => countContacts(ctx, { search: term }, COUNT_CAP),
  },
]);

const emailCases: Case[] = (
  [
    ["no filter", {}],
    ["recipient, common (30%)", { search: "gmail" }],
    ["recipient, one row", { search: "987654@" }],
    ["campaign, large (30%)", { campaign: "cmp_bench_big" }],
    ["campaign, small (0.3%)", { campaign: "cmp_bench_42" }],
    ["automation (4%)", { automation: "aut_bench_3" }],
    ["type transactional (20%)", { type: "transactional" }],
    ["status complained (1%)", { status: "complained" }],
    ["status bounced (4%)", { status: "bounced" }],
    ["one day", { since: "2025-03-01", until: "2025-03-01" }],
    ["a month, long ago", { since: "2025-02-01", until: "2025-02-28" }],
    ["campaign + bounced", { campaign: "cmp_bench_big", status: "bounced" }],
    ["recipient + type", { search: "silva", type: "automation" }],
    ["everything", { search: "gmail", type: "campaign", status: "delivered", since: "2025-03-01" }],
  ] as const
).map(([label, filters]) => ({
  name: `emails: ${label}`,
  run: (ctx) => listEmails(ctx, { ...filters, limit: PAGE }),
}));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A database handle whose statements are recorded, to EXPLAIN exactly what a service sent. */
function tracedDb(url: string) {
  const sent: { text: string; params: unknown[] }[] = [];
  const client = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, text, params) => sent.push({ text, params: params as unknown[] }),
  });
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
  return { db, sent, close: () => client.end({ timeout: 5 }) };
}

async function plan(handle: DatabaseHandle, statement: { text: string; params: unknown[] }) {
  const rows = await handle.query<{ "QUERY PLAN": string }>(
    `explain (analyze, costs off, timing off, summary off) ${statement.text}`,
    statement.params,
  );
  return rows.map((r) => r["QUERY PLAN"]);
}

async function main() {
  if (!(await postgresAvailable())) throw new Error("bench:search needs PostgreSQL");
  const database = await createThrowawayDatabase();
  try {
    await migrateDatabase({ databaseUrl: database.url });
    const handle = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    const runtime = makeRuntime(handle, { ...readConfig(), databaseUrl: database.url });
    await prepareInstance(runtime);
    const { project } = await createProject(
      handle.db,
      { name: "Bench", domain: "bench.test", verified: true },
      new Date(),
    );
    // Seeding a million rows through live trigram indexes crawls: drop the non-unique indexes,
    // seed, and build them again in bulk (the build times are printed: a migration's cost).
    const indexes = await handle.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where tablename in ('contacts', 'emails') and indexdef not like 'CREATE UNIQUE%'`,
    );
    for (const { indexname } of indexes) await handle.query(`drop index "${indexname}"`);
    const seedStart = performance.now();
    await seedSearchContacts(handle, project.id, CONTACTS);
    await seedSearchEmails(handle, project.id, EMAILS);
    console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    for (const { indexname, indexdef } of indexes) {
      const start = performance.now();
      await handle.query(indexdef);
      console.log(`  built ${indexname} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }
    console.log("analyzing");
    await handle.query("analyze contacts; analyze emails");
    const ctx = serviceContext(runtime, project.id);
    const traced = tracedDb(database.url);
    const tracedCtx = { ...ctx, db: traced.db };

    const results: { name: string; p50: number; p95: number; plan: string[] }[] = [];
    for (const testCase of [...contactCases, ...emailCases]) {
      await testCase.run(ctx); // warm the cache and the prepared statement
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await testCase.run(ctx);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      traced.sent.length = 0;
      await testCase.run(tracedCtx);
      const statement = traced.sent.at(-1)!;
      const result = {
        name: testCase.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        plan: await plan(handle, statement),
      };
      results.push(result);
      const flag = result.p95 > TARGET_MS ? "  ← over target" : "";
      console.log(
        `${result.name.padEnd(58)} p50 ${result.p50.toFixed(1).padStart(7)} ms  p95 ${result.p95.toFixed(1).padStart(7)} ms${flag}`,
      );
    }
    console.log("\nPlans (EXPLAIN ANALYZE of the statement each service sent):");
    for (const r of results) {
      console.log(`\n## ${r.name}\n${r.plan.map((line) => `  ${line}`).join("\n")}`);
    }
    console.log("\n| query | p50 ms | p95 ms |\n| --- | --- | --- |");
    for (const r of results)
      console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
    const over = results.filter((r) => r.p95 > TARGET_MS);
    console.log(
      over.length === 0
        ? `\nEvery query under ${TARGET_MS} ms at p95.`
        : `\n${over.length} queries over ${TARGET_MS} ms at p95.`,
    );
    await traced.close();
    await runtime.transports.close();
    await handle.close();
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
