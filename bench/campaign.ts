/**
 * npm run bench:campaign — on PostgreSQL, in one run:
 *   1. a campaign to BENCH_CONTACTS contacts (default 1,000,000) sent by two `npm run worker`
 *      processes to a fast local SMTP sink: end-to-end emails/s, time to first email, the
 *      workers' peak RSS beside their idle RSS; beside the ceiling: the same number of
 *      pre-rendered messages pushed through the same pooled transport to the same sink;
 *      With BENCH_TOPIC=1 the campaign is about a topic every contact has chosen (the fan-out's
 *      per-contact opt-out probe at its costliest), to compare with a run without;
 *   2. a CSV import of BENCH_IMPORT_ROWS rows (default = BENCH_CONTACTS) through
 *      POST /v1/contacts/import, beside a raw COPY of the same file into a table shaped and
 *      indexed like contacts (and, for scale, into a bare table).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/db";
import { prepareInstance } from "@/lib/start/bootstrap";
import { emails } from "@/db/schema";
import { createCampaign } from "@/lib/campaigns/manage";
import { readConfig } from "@/lib/core/config";
import { serviceContext } from "@/lib/core/context";
import { createProject } from "@/lib/projects/create";
import { createTopic } from "@/lib/topics/manage";
import { makeRuntime } from "@/lib/start/runtime";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/database";
import { waitForHttp } from "./lib/load";
import { ensureBuild, startApp, startProcess, startScript, stopProcess } from "./lib/processes";
import { seedContacts } from "./lib/seed";
import { ceilingMessageOf, measuredCeiling, transportCeiling } from "./lib/transport-ceiling";
import { waitUntil } from "./lib/wait";
import { cpuSecondsOfProcessesNamed, processCpuSeconds } from "./lib/cpu";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? CONTACTS);
const SINK_PORT = Number(process.env.BENCH_SINK_PORT ?? 2598);
const WORKERS = 2;
const WITH_TOPIC = process.env.BENCH_TOPIC === "1";
/** How many messages measure the transport ceiling (fewer: a quicker, rougher reference). */
const CEILING_MESSAGES = Number(process.env.BENCH_CEILING_MESSAGES ?? CONTACTS);

async function count(handle: DatabaseHandle, query: string, params: unknown[] = []) {
  const [row] = await handle.query<{ n: number }>(query, params);
  return Number(row?.n ?? 0);
}

/**
 * The campaign's two phases from its emails' own timestamps: how long the fan-out took to record
 * them all, how many were delivered meanwhile, and how long delivery ran on after it.
 */
async function campaignPhases(handle: DatabaseHandle, campaignId: string) {
  const [row] = await handle.query<Record<string, number>>(
    `with e as (select created_at, sent_at from emails where campaign_id = $1),
          span as (select min(created_at) as first, max(created_at) as last, max(sent_at) as done from e)
     select extract(epoch from span.last - span.first)::float8 as fanout,
            extract(epoch from span.done - span.last)::float8 as after,
            (select count(*) from e where sent_at <= span.last)::int as during
     from span`,
    [campaignId],
  );
  return {
    fanoutSeconds: Number(row?.fanout ?? 0),
    afterFanoutSeconds: Number(row?.after ?? 0),
    deliveredDuringFanout: Number(row?.during ?? 0),
  };
}

/** Resident set size of a process in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * What the database wrote and read for the run: WAL bytes and full-page images (the first change
 * of a page after a checkpoint logs the whole 8 KiB page: an index whose inserts land on random
 * pages pays it for most of its pages, one that grows at its right edge for a few), and index
 * blocks of `emails` read from outside shared buffers (the leaf pages a random key had to fetch).
 */
type DatabaseWork = {
  walBytes: number;
  fullPageImages: number;
  /** Per index of `emails`. */
  indexBlocksRead: Map<string, number>;
};

async function databaseWork(handle: DatabaseHandle): Promise<DatabaseWork> {
  const [row] = await handle.query<Record<string, string>>(
    `select (pg_current_wal_lsn() - '0/0'::pg_lsn)::text as wal_bytes,
            (select wal_fpi from pg_stat_wal)::text as full_page_images`,
  );
  const indexes = await handle.query<{ name: string; read: string }>(
    `select indexrelname as name, idx_blks_read::text as read
     from pg_statio_user_indexes where relname = 'emails'`,
  );
  return {
    walBytes: Number(row!.wal_bytes),
    fullPageImages: Number(row!.full_page_images),
    indexBlocksRead: new Map(indexes.map((index) => [index.name, Number(index.read)])),
  };
}

/** What the database did between two readings: totals, and the indexes that read the most. */
function databaseWorkBetween(before: DatabaseWork, after: DatabaseWork) {
  const reads = [...after.indexBlocksRead]
    .map(([name, read]) => ({ name, read: read - (before.indexBlocksRead.get(name) ?? 0) }))
    .sort((a, b) => b.read - a.read);
  return {
    walBytes: after.walBytes - before.walBytes,
    fullPageImages: after.fullPageImages - before.fullPageImages,
    indexBlocksRead: reads.reduce((sum, index) => sum + index.read, 0),
    mostRead: reads.slice(0, 4),
  };
}

/** Bytes of the emails table: its rows, their out-of-line (TOAST) values and its indexes. */
async function emailStorage(handle: DatabaseHandle) {
  const [row] = await handle.query<Record<string, string>>(
    `select pg_relation_size('emails')::text as heap,
            (pg_table_size('emails') - pg_relation_size('emails'))::text as toast,
            pg_indexes_size('emails')::text as indexes,
            (select count(*) from emails)::text as rows`,
  );
  return {
    heap: Number(row!.heap),
    toast: Number(row!.toast),
    indexes: Number(row!.indexes),
    rows: Number(row!.rows),
  };
}

async function main() {
  if (!(await postgresAvailable())) throw new Error("bench:campaign needs PostgreSQL");
  ensureBuild();
  const database = await createThrowawayDatabase();
  const sink = startProcess(
    process.execPath,
    ["--import", "tsx", "bench/lib/smtp-sink.ts", String(SINK_PORT)],
    {},
    "pipe",
  );
  await new Promise((r) => sink.stdout!.once("data", r));
  const smtpUrl = `smtp://127.0.0.1:${SINK_PORT}`;
  const workers: ReturnType<typeof startScript>[] = [];
  try {
    await migrateDatabase({ databaseUrl: database.url });
    const handle = await openDatabase({ databaseUrl: database.url });
    const runtime = makeRuntime(handle, { ...readConfig(), databaseUrl: database.url, smtpUrl });
    await prepareInstance(runtime);
    const { project, keys } = await createProject(
      handle.db,
      { name: "Bench", domain: "bench.test", verified: true },
      new Date(),
    );
    // A domain with a sending history: warm-up would cap day one at 1,000 (docs/decisions/0056).
    await handle.query("update domains set warmup = false where project_id = $1", [project.id]);
    await seedContacts(handle, project.id, CONTACTS);
    await handle.query("update contacts set subscribed = true");
    const ctx = serviceContext(runtime, project.id);
    const topic = WITH_TOPIC ? await createTopic(ctx, { name: "Newsletter" }) : null;
    if (topic) {
      await handle.query(
        `insert into contact_topics (contact_id, topic_id, project_id, subscription)
         select id, $1, project_id, 'opt_in' from contacts where project_id = $2`,
        [topic.id, project.id],
      );
      await handle.query("analyze contact_topics");
    }
    const { campaign } = await createCampaign(ctx, {
      ...(topic && { topic: topic.id }),
      name: "Bench",
      subject: "News for {{first_name}}",
      from_name: "Bench",
      from_email: "news@bench.test",
      template: "tpl_system_newsletter_digest",
      variants: ["Variant B for {{first_name}}"],
    });

    // 1. The campaign: idle workers first (their RSS), then queue it and time it.
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtpUrl,
      WORKER: "external",
      NODE_ENV: "production",
    };
    for (let i = 0; i < WORKERS; i++)
      workers.push(startScript("scripts/worker.ts", { ...env, AUTOMATION_POLL_MS: "200" }));
    await new Promise((r) => setTimeout(r, 5000));
    const idle = workers.map((w) => rssMiB(w.pid!));
    const workBefore = await databaseWork(handle);
    const workersCpu = () => workers.reduce((sum, w) => sum + (processCpuSeconds(w.pid!) ?? 0), 0);
    const cpuBefore = { workers: workersCpu(), postgres: cpuSecondsOfProcessesNamed("postgres") };
    const started = performance.now();
    await handle.query("update campaigns set status = 'queued' where id = $1", [campaign.id]);
    let firstAt = 0;
    const peak = [...idle];
    await waitUntil(
      `${CONTACTS} campaign deliveries`,
      async () => {
        // The campaign's own counters (what its stats page reads): counting email rows here
        // would scan the growing table four times a second and slow the run it measures.
        const [row] = await handle.query<{ delivered: number; lost: number }>(
          `select coalesce(sum(delivered), 0)::int as delivered,
                  coalesce(sum(failed + bounced), 0)::int as lost
           from campaign_variants where campaign_id = $1`,
          [campaign.id],
        );
        const { delivered, lost } = { delivered: Number(row?.delivered), lost: Number(row?.lost) };
        if (delivered > 0 && !firstAt) firstAt = performance.now();
        workers.forEach((w, i) => (peak[i] = Math.max(peak[i]!, rssMiB(w.pid!))));
        const status = `${delivered} delivered, ${lost} failed or bounced`;
        if (delivered + lost >= CONTACTS && lost > 0)
          throw new Error(`the campaign ended with ${status} of ${CONTACTS}`);
        return { done: delivered >= CONTACTS, status };
      },
      { intervalMs: 250 },
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuMsPerEmail = {
      workers: ((workersCpu() - cpuBefore.workers) * 1000) / CONTACTS,
      postgres: ((cpuSecondsOfProcessesNamed("postgres") - cpuBefore.postgres) * 1000) / CONTACTS,
    };
    const deliveredRows = await count(
      handle,
      "select count(*)::int as n from emails where campaign_id = $1 and status = 'delivered'",
      [campaign.id],
    );
    if (deliveredRows !== CONTACTS)
      throw new Error(`counters say ${CONTACTS} delivered, the emails ${deliveredRows}`);
    const phases = await campaignPhases(handle, campaign.id);
    const workAfter = await databaseWork(handle);
    const work = databaseWorkBetween(workBefore, workAfter);
    const storage = await emailStorage(handle);
    for (const worker of workers.splice(0)) await stopProcess(worker);

    // The ceiling: one of the campaign's emails composed as the worker composes it (tracking
    // links, List-Unsubscribe, DKIM with the domain's key), then pushed CONTACTS times through
    // the same pooled transport to the same sink. Unsigned beside it, for the cost of DKIM.
    const [sample] = await handle.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaign.id))
      .limit(1);
    const { message: ceilingMessage, dkim } = await ceilingMessageOf(runtime, sample!);
    const { rate: signedRate, cpuMs: ceilingCpuMs } = await measuredCeiling(
      smtpUrl,
      CEILING_MESSAGES,
      { ...ceilingMessage, dkim },
    );
    const unsignedCount = Math.min(CEILING_MESSAGES, 100_000);
    const unsignedRate = await transportCeiling(smtpUrl, unsignedCount, ceilingMessage);

    // 2. Import: the API (stored, then a worker imports it) beside a raw COPY of the same file.
    const file = path.join(os.tmpdir(), `mw-bench-import-${process.pid}.csv`);
    const out = fs.createWriteStream(file);
    out.write("email,name,plan,subscribed\n");
    for (let i = 0; i < IMPORT_ROWS; i++)
      out.write(`import${i}@example.com,Import ${i},${i % 3 ? "free" : "pro"},yes\n`);
    await new Promise((r) => out.end(r));
    const app = startApp(3204, {
      ...env,
      PORT: "3204",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
    });
    await waitForHttp("http://127.0.0.1:3204");
    workers.push(startScript("scripts/worker.ts", env));
    await new Promise((r) => setTimeout(r, 5000)); // the worker up, as in production
    const importStarted = performance.now();
    const response = await fetch("http://127.0.0.1:3204/api/v1/contacts/import", {
      method: "POST",
      headers: { authorization: `Bearer ${keys.live}`, "content-type": "text/csv" },
      body: fs.createReadStream(file) as unknown as BodyInit,
      duplex: "half",
    } as RequestInit);
    const { id } = (await response.json()) as { id: string };
    const uploadSeconds = (performance.now() - importStarted) / 1000;
    await waitUntil(
      "the import to finish",
      async () => {
        const [job] = await handle.query<{ status: string }>(
          "select status from contact_imports where id = $1",
          [id],
        );
        return {
          done: job?.status === "completed" || job?.status === "failed",
          status: job?.status,
        };
      },
      { intervalMs: 250 },
    );
    const importSeconds = (performance.now() - importStarted) / 1000;
    for (const worker of workers.splice(0)) await stopProcess(worker);
    await stopProcess(app);
    // The references: COPY of the same file into a table shaped and indexed like contacts
    // (what the import writes into; ids from a sequence, the file's columns as they are), and
    // into a bare table of the file's four text columns.
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    await sql.unsafe(`
      create sequence bench_copy_ids;
      create table bench_copy (like contacts including defaults including constraints including indexes);
      alter table bench_copy add column plan text,
        alter column id set default 'ct_' || lpad(nextval('bench_copy_ids')::text, 24, '0'),
        alter column project_id set default '${project.id}';
      create table bench_copy_bare (email text, name text, plan text, subscribed text)`);
    const copy = async (into: string) => {
      const copyStarted = performance.now();
      const writable = await sql
        .unsafe(`copy ${into} from stdin with (format csv, header true)`)
        .writable();
      await new Promise((resolve, reject) =>
        fs.createReadStream(file).pipe(writable).on("finish", resolve).on("error", reject),
      );
      return (performance.now() - copyStarted) / 1000;
    };
    const copySeconds = await copy("bench_copy (email, name, plan, subscribed)");
    const bareCopySeconds = await copy("bench_copy_bare");
    await sql.end();
    fs.rmSync(file, { force: true });
    await handle.close();

    const f = (n: number, d = 0) =>
      n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
    const rate = CONTACTS / seconds;
    console.log(
      `\nbench:campaign — ${f(CONTACTS)} recipients${topic ? " (a campaign about a topic every contact chose)" : ""}, ${WORKERS} worker processes, local SMTP sink; import of ${f(IMPORT_ROWS)} CSV rows`,
    );
    console.log(
      `machine: ${os.cpus().length}× ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, PostgreSQL\n`,
    );
    console.log("| figure | Mailwright | reference | ratio | target |");
    console.log("|---|---|---|---|---|");
    console.log(
      `| campaign emails/s (end to end) | ${f(rate)} (all sent in ${f(seconds, 1)} s; first email after ${f((firstAt - started) / 1000, 2)} s) | ${f(signedRate)}: the same message pre-composed and DKIM-signed, same pooled transport, same sink (${f(unsignedRate)} unsigned, ${f(unsignedCount)} messages) | ${(rate / signedRate).toFixed(2)} | ≥ 0.8 and > 1,000 |`,
    );
    console.log(
      `| worker RSS, peak / idle MiB | ${peak.map((p) => f(p)).join(", ")} / ${idle.map((p) => f(p)).join(", ")} | | ${Math.max(...peak.map((p, i) => p / idle[i]!)).toFixed(2)} | ≤ 1.5 |`,
    );
    console.log(
      `| CPU ms an email | ${f(cpuMsPerEmail.workers, 3)} in the workers + ${f(cpuMsPerEmail.postgres, 3)} in PostgreSQL | ${f(ceilingCpuMs, 3)} a signed message pushed pre-built (the ceiling's process) | ${(ceilingCpuMs / (cpuMsPerEmail.workers + cpuMsPerEmail.postgres)).toFixed(2)} | (context) |`,
    );
    console.log(
      `| CSV import rows/s | ${f(IMPORT_ROWS / importSeconds)} (${f(importSeconds, 1)} s, of which the upload ${f(uploadSeconds, 1)} s) | ${f(IMPORT_ROWS / copySeconds)}: COPY of the same file into a table shaped and indexed like contacts (${f(copySeconds, 1)} s; ${f(IMPORT_ROWS / bareCopySeconds)} into a bare table) | ${(copySeconds / importSeconds).toFixed(2)} | ≥ 0.3 |`,
    );
    console.log(
      `\nfan-out: all ${f(CONTACTS)} emails recorded ${f(phases.fanoutSeconds, 1)} s after the first (${f(CONTACTS / phases.fanoutSeconds)}/s); ` +
        `delivery: ${f(phases.deliveredDuringFanout)} delivered meanwhile, the other ${f(CONTACTS - phases.deliveredDuringFanout)} in the ${f(phases.afterFanoutSeconds, 1)} s after it (${f((CONTACTS - phases.deliveredDuringFanout) / Math.max(phases.afterFanoutSeconds, 0.001))}/s)`,
    );
    const perEmail = (bytes: number) => `${f(bytes / Math.max(storage.rows, 1))} B`;
    console.log(
      `storage: the campaign wrote ${perEmail(work.walBytes)} of WAL an email ` +
        `(${f(work.fullPageImages / CONTACTS, 2)} full-page images an email; ` +
        `${f(work.indexBlocksRead / CONTACTS, 2)} index blocks of emails read from outside shared buffers, ` +
        `most by ${work.mostRead.map((index) => `${index.name} ${f(index.read / CONTACTS, 2)}`).join(", ")}); ` +
        `emails table a row: ${perEmail(storage.heap)} heap, ${perEmail(storage.toast)} out of line (TOAST), ` +
        `${perEmail(storage.indexes)} indexes`,
    );
  } finally {
    for (const worker of workers) await stopProcess(worker);
    await stopProcess(sink);
    await database.drop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
