/**
 * npm run bench:smtp — on PostgreSQL, one app (`scripts/serve.ts` as `npm start` serves, with
 * the submission relay of DECISIONS §16 on SMTP_SUBMISSION_PORT) and one `npm run worker`
 * delivering to a local SMTP sink, in one run:
 *   A. POST /v1/send requests/s: 4 keep-alive clients, one recipient each;
 *   B. the same message submitted over SMTP by nodemailer as an app configures it (pool of 4
 *      connections, AUTH PLAIN with the API key): accepted messages/s, and the ratio to A
 *      (target ≥ 0.8×).
 *   C. B on client sockets with TCP_NODELAY (what the gap between A and B is made of).
 * For each phase, the time from its first request until the sink has every message.
 * Env: BENCH_MESSAGES (default 20000, each phase), BENCH_PHASES (api,smtp,smtp-nodelay),
 * BENCH_PROFILE_DIR (V8 CPU profiles of the app and the worker).
 */
import { once } from "node:events";
import net from "node:net";
import os from "node:os";
import readline from "node:readline";
import nodemailer from "nodemailer";
import { migrateDatabase, openDatabase } from "@/db";
import { prepareInstance } from "@/lib/start/bootstrap";
import { readConfig } from "@/lib/core/config";
import { createProject } from "@/lib/projects/create";
import { makeRuntime } from "@/lib/start/runtime";
import { createThrowawayDatabase, postgresAvailable } from "../test/support/database";
import { percentile, runLoad, waitForHttp, type LoadResult } from "./lib/load";
import { waitUntil } from "./lib/wait";
import { ensureBuild, startApp, startProcess, startScript, stopProcess } from "./lib/processes";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);
const PHASES = (process.env.BENCH_PHASES ?? "api,smtp,smtp-nodelay").split(",");
const CONNECTIONS = 4;
const WARM_UP = 300;
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3205);
const RELAY_PORT = Number(process.env.BENCH_RELAY_PORT ?? 2588);
const SINK_PORT = Number(process.env.BENCH_SINK_PORT ?? 2597);

const FROM = "Shop <orders@bench.test>";
const TEXT = "Thanks for your order. View it at https://shop.example/orders/123";
const HTML =
  '<p>Thanks for your order.</p><p><a href="https://shop.example/orders/123">View your order</a></p>';
const message = (prefix: string, i: number) => ({
  from: FROM,
  to: `${prefix}${i}@example.com`,
  subject: `Receipt #${i}`,
  text: TEXT,
  html: HTML,
});

/** The sink's count of messages received (it prints it on SIGUSR2). */
function sinkCounter(sink: ReturnType<typeof startProcess>) {
  const lines = readline.createInterface({ input: sink.stdout! });
  const waiting: ((count: number) => void)[] = [];
  lines.on("line", (line) => {
    const match = /^count (\d+)$/.exec(line);
    if (match) waiting.shift()?.(Number(match[1]));
  });
  return () =>
    new Promise<number>((resolve) => {
      waiting.push(resolve);
      sink.kill("SIGUSR2");
    });
}

async function waitForPort(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const socket = net.connect({ port, host: "127.0.0.1" });
    const connected = await Promise.race([
      once(socket, "connect").then(() => true),
      once(socket, "error").then(() => false),
    ]);
    socket.destroy();
    if (connected) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * nodemailer's socket without Nagle's algorithm: it writes a message's DATA in several writes,
 * and the last (the final dot) waits for the ACK of the first, which the relay's kernel delays
 * (40 ms on Linux) since the relay has nothing to answer before the dot.
 */
function noDelaySocket(
  _options: unknown,
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
) {
  const socket = net.connect({ port: RELAY_PORT, host: "127.0.0.1", noDelay: true });
  socket.once("error", callback);
  socket.once("connect", () => {
    socket.off("error", callback);
    callback(null, { connection: socket });
  });
}

/**
 * `count` messages through nodemailer's pool: CONNECTIONS closed-loop senders, as an app's;
 * with `noDelay`, on sockets that set TCP_NODELAY.
 */
async function submitOverSmtp(
  key: string,
  prefix: string,
  count: number,
  noDelay = false,
): Promise<LoadResult> {
  const transport = nodemailer.createTransport({
    ...(noDelay && { getSocket: noDelaySocket }),
    host: "127.0.0.1",
    port: RELAY_PORT,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Infinity,
    auth: { user: "bench", pass: key },
  });
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (issued < count) {
        const i = issued++;
        const t0 = performance.now();
        try {
          const info = await transport.sendMail(message(prefix, i));
          if (!info.response.startsWith("250 ")) throw new Error(info.response);
        } catch (error) {
          errors++;
          if (errors <= 3) console.error("  submission failed", error);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main() {
  if (!(await postgresAvailable()))
    throw new Error("bench:smtp needs PostgreSQL on 127.0.0.1:5432");
  ensureBuild();
  const database = await createThrowawayDatabase();
  // node itself, not the tsx wrapper, which dies of the SIGUSR2 that asks the sink's count.
  const sink = startProcess(
    process.execPath,
    ["--import", "tsx", "bench/lib/smtp-sink.ts", String(SINK_PORT)],
    {},
    "pipe",
  );
  await new Promise((r) => sink.stdout!.once("data", r));
  const sinkCount = sinkCounter(sink);
  const children: ReturnType<typeof startProcess>[] = [];
  try {
    await migrateDatabase({ databaseUrl: database.url });
    const handle = await openDatabase({ databaseUrl: database.url });
    const runtime = makeRuntime(handle, { ...readConfig(), databaseUrl: database.url });
    await prepareInstance(runtime);
    await runtime.jobs.start();
    await runtime.jobs.stop(1000);
    const { keys } = await createProject(
      handle.db,
      { name: "Bench", domain: "bench.test", verified: true },
      new Date(),
    );
    await handle.close();

    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${SINK_PORT}`,
      WORKER: "external",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      SMTP_SUBMISSION_PORT: String(RELAY_PORT),
      SMTP_SUBMISSION_HOST: "127.0.0.1",
    };
    children.push(startApp(APP_PORT, env));
    const appUrl = `http://127.0.0.1:${APP_PORT}`;
    await waitForHttp(appUrl);
    await waitForPort(RELAY_PORT);
    // Started after the app, so the app serves the relay port and the worker stands by.
    children.push(startScript("scripts/worker.ts", env));

    const auth = { authorization: `Bearer ${keys.live}` };
    const post = (prefix: string) => (i: number) => ({
      method: "POST",
      path: "/api/v1/send",
      headers: auth,
      body: JSON.stringify(message(prefix, i)),
    });
    const ok = (status: number) => status === 200;
    let expected = 0;
    const allDelivered = (label: string) =>
      waitUntil(
        label,
        async () => {
          const count = await sinkCount();
          return { done: count >= expected, status: `${count} of ${expected} at the sink` };
        },
        { intervalMs: 100 },
      );

    // Warm-up: Next's routes, the relay's parser, the worker's delivery path.
    await runLoad({
      baseUrl: appUrl,
      concurrency: 4,
      requests: WARM_UP,
      next: post("warm"),
      expectStatus: ok,
    });
    await submitOverSmtp(keys.live, "warmsmtp", WARM_UP);
    expected += 2 * WARM_UP;
    await allDelivered("the warm-up's deliveries");

    const results: { label: string; load: LoadResult; deliveredSeconds: number }[] = [];
    for (const phase of PHASES) {
      console.log(`phase ${phase}: ${MESSAGES} messages…`);
      const started = performance.now();
      const load =
        phase === "api"
          ? await runLoad({
              baseUrl: appUrl,
              concurrency: CONNECTIONS,
              requests: MESSAGES,
              next: post("api"),
              expectStatus: ok,
            })
          : await submitOverSmtp(keys.live, phase, MESSAGES, phase === "smtp-nodelay");
      expected += load.requests - load.errors;
      await allDelivered(`the ${phase} phase's deliveries`);
      results.push({ label: phase, load, deliveredSeconds: (performance.now() - started) / 1000 });
    }

    const f = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d });
    const api = results.find((r) => r.label === "api");
    console.log(
      `\nbench:smtp — ${f(MESSAGES)} messages per phase over ${CONNECTIONS} connections; one worker delivering to a local SMTP sink`,
    );
    console.log(
      `machine: ${os.cpus().length}× ${os.cpus()[0]?.model ?? "cpu"}, node ${process.version}, PostgreSQL\n`,
    );
    console.log(
      "| phase | accepted/s (p50 / p99 ms) | errors | until the last reached the sink | ratio to /v1/send | target |",
    );
    console.log("|---|---|---|---|---|---|");
    for (const { label, load, deliveredSeconds } of results) {
      const name = {
        api: `POST /v1/send, ${CONNECTIONS} keep-alive clients`,
        smtp: `SMTP submission, nodemailer pool of ${CONNECTIONS}`,
        "smtp-nodelay": `the same, client sockets with TCP_NODELAY`,
      }[label];
      const ratio = label !== "api" && api ? (load.rps / api.load.rps).toFixed(2) : "";
      console.log(
        `| ${name} | ${f(load.rps)} (${f(load.p50, 1)} / ${f(load.p99, 1)}) | ${load.errors} | ${f(deliveredSeconds, 1)} s | ${ratio} | ${label !== "api" ? "≥ 0.8" : ""} |`,
      );
    }
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    await stopProcess(sink);
    await database.drop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
