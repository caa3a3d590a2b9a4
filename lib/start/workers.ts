import { dispatchDueRuns } from "../automations/dispatch";
import { decideAbWinners } from "../campaigns/ab-test";
import { startDueCampaigns } from "../campaigns/send";
import { requeueLapsedDeliveries } from "../sending/claims";
import type { Runtime } from "@/lib/core/runtime";
import { atMostEvery, DuePoller } from "./due-poller";
import { removeExpiredEmailContent } from "../emails/retention";
import { removeExpiredEvents } from "../events/retention";
import { JOB_HANDLERS } from "./job-registry";
import { startBounceMailboxPoller } from "../inbound/mailbox";
import { serveBounceReceiver } from "../inbound/receiver";
import { serveSubmissionRelay } from "../submission/server";
import { surviveDatabaseRestarts } from "./process-guards";
import { analyzeGrownTables } from "@/db/statistics";

/**
 * Email content and events expire by the day: a pass every ten minutes keeps up with any volume
 * (the event pass also makes the monthly partitions ahead, months before they are needed).
 */
const RETENTION_INTERVAL_MS = 10 * 60_000;
/** How often a worker looks for tables grown past their statistics (db/statistics.ts). */
const STATISTICS_INTERVAL_MS = 15_000;

const refreshStatistics = (runtime: Runtime) => analyzeGrownTables(runtime.db);

/**
 * Wires job handlers to the queue: inside `npm start` (WORKER=embedded), in each `npm run worker`
 * process (WORKER=external), and in tests. Handlers are idempotent: a job retried after a crash
 * re-reads its row and does only what is still undone.
 */
export async function startWorkers(runtime: Runtime) {
  surviveDatabaseRestarts();
  for (const handler of JOB_HANDLERS) {
    await runtime.jobs.work(handler.kind, handler, (jobs) => handler.handle(runtime, jobs));
  }
  await startInbound(runtime);
  await startSubmissionRelay(runtime);
  const poller = new DuePoller(runtime, [
    dispatchDueRuns,
    startDueCampaigns,
    decideAbWinners,
    requeueLapsedDeliveries,
    atMostEvery(RETENTION_INTERVAL_MS, removeExpiredEmailContent),
    atMostEvery(RETENTION_INTERVAL_MS, removeExpiredEvents),
    atMostEvery(STATISTICS_INTERVAL_MS, refreshStatistics),
  ]);
  const stopListening = runtime.dueWork.listen(() => poller.wake());
  poller.start();
  runtime.jobs.onStop(async () => {
    stopListening();
    await poller.stop();
  });
}

/**
 * Where bounces and complaints come back (DECISIONS §9): the SMTP receiver when INBOUND_SMTP_PORT
 * is set, the IMAP mailbox when BOUNCE_MAILBOX_URL is. Every worker process starts them; on one
 * host one process serves the port and the others stand by to take it over if it dies (any of
 * them can record a report).
 */
async function startInbound(runtime: Runtime) {
  const { inboundSmtpPort, inboundSmtpHost, bounceMailboxUrl } = runtime.config;
  if (inboundSmtpPort !== undefined) {
    const receiver = await serveBounceReceiver(runtime, {
      port: inboundSmtpPort,
      host: inboundSmtpHost,
    });
    runtime.jobs.onStop(() => receiver.stop());
  }
  if (bounceMailboxUrl) {
    const poller = startBounceMailboxPoller(
      runtime,
      bounceMailboxUrl,
      runtime.config.bounceMailboxPollSeconds,
    );
    runtime.jobs.onStop(() => poller.stop());
  }
}

/**
 * The SMTP submission relay (DECISIONS §16) when SMTP_SUBMISSION_PORT is set: in every worker
 * process, and in npm start whatever its WORKER mode (startServer), one process per host serving.
 */
export async function startSubmissionRelay(runtime: Runtime) {
  const relay = await serveSubmissionRelay(runtime);
  if (relay) runtime.jobs.onStop(() => relay.stop());
}
